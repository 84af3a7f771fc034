"""validation: `rulesdsl check`: the validator's static and dynamic checks of a variant file.
(Not named check/: ``rulesdsl.check`` is the public function that diagnoses a file.)

May import: core/ up to solve/ (the loader's load / load_path / diagnose only: never the file).
"""
