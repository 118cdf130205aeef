"""The application layer: the `rulings` command line."""
