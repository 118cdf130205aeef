"""Find a pack's files: a built-in pack name, a pack file, or a folder of pack files."""

from __future__ import annotations

from pathlib import Path

from kb.errors import RulingsError, UnknownName

BUILTIN = Path(__file__).parent / "packs"


def builtin_packs() -> list[str]:
    """Names of the packs that ship with Rulings.

    Examples:
        >>> "fantasy" in builtin_packs()
        True
    """
    names = {p.name.removesuffix(".yaml") for p in BUILTIN.iterdir() if p.name.endswith(".yaml") or p.is_dir()}
    return sorted(n for n in names if not n.startswith(("_", ".")))


def pack_files(name_or_path: str) -> list[Path]:
    """The YAML files of a built-in pack name, a pack file, or a pack folder (sorted)."""
    path = Path(name_or_path)
    if not path.exists() and "/" not in name_or_path and not name_or_path.endswith((".yaml", ".yml")):
        path = BUILTIN / f"{name_or_path}.yaml"
        if not path.exists():
            path = BUILTIN / name_or_path
        if not path.exists():
            raise UnknownName("pack", name_or_path, builtin_packs())
    if not path.exists():
        raise RulingsError(f"no such pack file or folder: {name_or_path}", hint="give a built-in pack name or a path")
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml"))
        if not files:
            raise RulingsError(f"{path}: the folder holds no .yaml files")
        return files
    return [path]
