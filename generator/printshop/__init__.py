"""Print-shop presets: each shop's published card specs as data, the files it asks for, and the
checks it would apply (``build --printshop SHOP``, ``check --printshop SHOP``).

``load_preset(name_or_path)`` gives the validated preset (bundled: ``generic``,
``drivethrucards``, ``thegamecrafter``, ``makeplayingcards``; or a user's YAML file).
"""

from generator.printshop.preset import Preset, bundled_presets, load_preset, print_size

__all__ = ["Preset", "bundled_presets", "load_preset", "print_size"]
