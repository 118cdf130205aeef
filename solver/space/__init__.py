"""Reasoning over many situations: the space of a pack's situations, and the searches built on it.

`solver` itself decides one ruling; this package asks questions of every
situation at once: `check` (findings), `diff` (changed rulings), `find`
(minimal situations), `whynot` (smallest changes), all over the partitioned
situation space of `space.model`.
"""
