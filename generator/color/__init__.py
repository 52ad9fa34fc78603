"""Colour: YAML colour values (RGB or CMYK), the CMYK conversion through the bundled ICC profile,
the colour mode of a build, PDF/X-1a canvases, CMYK images and the total-ink report."""
