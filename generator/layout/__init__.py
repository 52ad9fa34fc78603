"""The layout stage: pure geometry (no ReportLab) for sheets, backs, gutterfold and print shops.

Modules: ``sizes`` (named card and paper sizes), ``imposition`` (front sheets), ``duplex`` (back
sheets), ``gutterfold`` (fold-and-glue sheets), ``printshop`` (one card per page) and
``calibration`` (duplex calibration page). All lengths are PDF points, origin bottom-left, y up.
"""
