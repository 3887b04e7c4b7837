"""The validation rules, one module each; importing this package registers them all."""

from . import (  # noqa: F401
    broken_derived_from,
    cycle_in_derived_from,
    dangling_index_entry,
    invalid_frontmatter,
    missing_derived_from,
    must_not_define_violated,
    no_contract,
    ssot_conflict,
    unknown_enum_value,
    unknown_layer_value,
    unregistered_doc,
    unresolved_rule_reference,
    unused_suppression,
)
