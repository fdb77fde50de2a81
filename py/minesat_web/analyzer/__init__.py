"""The analyzer: the board editor, its loading and saving, and its panels (layouts, reduction, why)."""
