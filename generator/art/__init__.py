"""Fonts and pictures as files: font metrics and fallbacks, embedded subsets, SVG and PNG reading,
raster limits, the shipped game-icons.net icons.
"""
