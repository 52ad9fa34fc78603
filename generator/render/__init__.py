"""The render stage: the only code that talks to ReportLab's canvas."""
