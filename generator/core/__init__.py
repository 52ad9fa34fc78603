"""The ground every stage stands on: errors, consoles, notices, units, geometry, sizes, colour values,
YAML with positions, where files are, the build's options. Imports nothing of the program.
"""
