"""The school variant's rules, one small function per rule, each citing its rule ID."""
