#!/usr/bin/python3
"""Checks schemas/kernel_meta.schema.json: it is a valid JSON Schema, accepts every good
metadata file and rejects every bad one.

usage: check_schema.py SCHEMA --good FILE... --bad FILE...
Run with /usr/bin/python3 (Debian's python3-jsonschema)."""
import argparse
import json
import sys

import jsonschema


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("schema")
    ap.add_argument("--good", nargs="*", default=[])
    ap.add_argument("--bad", nargs="*", default=[])
    args = ap.parse_args()

    with open(args.schema) as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    if cls is not jsonschema.Draft202012Validator:
        print(f"{args.schema}: $schema is not draft 2020-12 ({cls.__name__})")
        return 1
    cls.check_schema(schema)
    validator = cls(schema)

    failures = 0
    for path in args.good:
        with open(path) as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors:
            print(f"FAIL good {path}: {'/'.join(map(str, e.path)) or '<root>'}: {e.message}")
        failures += bool(errors)
        if not errors:
            print(f"ok   good {path}")
    for path in args.bad:
        with open(path) as f:
            doc = json.load(f)
        errors = list(validator.iter_errors(doc))
        if errors:
            e = errors[0]
            where = "/".join(map(str, e.path)) or "<root>"
            print(f"ok   bad  {path}: {where}: {e.message[:100]}")
        else:
            print(f"FAIL bad  {path}: accepted by the schema")
            failures += 1
    if not args.good or not args.bad:
        print("FAIL: need at least one good and one bad file")
        failures += 1
    print(f"{len(args.good)} good, {len(args.bad)} bad, {failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
