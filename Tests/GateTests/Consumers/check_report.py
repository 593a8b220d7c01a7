#!/usr/bin/env python3
"""Reads a finished out folder with the tools teams' pipelines run, and prints what they saw as JSON.

usage: check_report.py OUT_DIR JUNIT_XSD REPORT_SCHEMA [PUBLIC_KEY_PEM]

- report.json: validated against templates/report.schema.json (jsonschema, draft 2020-12, formats).
- junit.xml: validated against the Jenkins xUnit plugin's junit-10.xsd (xmlschema), then read with
  junitparser: every case with its suite, classname, name and result.
- report.dsse.json (when a public key is given): the DSSE envelope verified with securesystemslib,
  the payload parsed as an in-toto Statement v1 and validated with in-toto-attestation, and the
  predicate parsed strictly (unknown fields refused) as the test-result v0 protobuf.

Any failure of a consumer is printed as {"error": "..."} with exit 1; a missing package is exit 2.
"""
import base64
import hashlib
import json
import sys

try:
    import jsonschema
    import junitparser
    import xmlschema
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_pem_public_key
    from google.protobuf import json_format
    from in_toto_attestation.predicates.test_result.v0 import test_result_pb2
    from in_toto_attestation.v1 import statement_pb2
    from in_toto_attestation.v1.statement import Statement
    from securesystemslib.dsse import Envelope
    from securesystemslib.signer import SSlibKey
except ImportError as error:  # pragma: no cover - reported to the Swift test, which fails on it
    print(json.dumps({"error": f"missing consumer package: {error}; run ci/setup"}))
    sys.exit(2)


def junit(out_dir, xsd):
    path = f"{out_dir}/junit.xml"
    schema = xmlschema.XMLSchema(xsd)
    errors = [str(e.reason or e) for e in schema.iter_errors(path)]
    cases = []
    xml = junitparser.JUnitXml.fromfile(path)
    for suite in xml:
        for case in suite:
            results = [type(r).__name__.lower() for r in case.result]
            messages = [r.message or "" for r in case.result]
            cases.append({
                "suite": suite.name, "classname": case.classname, "name": case.name,
                "result": results[0] if results else "passed", "message": messages[0] if messages else "",
                "text": (case.result[0].text or "") if case.result else "",
                "rerunFailures": [e.get("message", "") for e in case._elem.iter("rerunFailure")],
            })
    return {"schemaErrors": errors, "cases": cases}


def report(out_dir, schema_path):
    with open(schema_path) as handle:
        schema = json.load(handle)
    with open(f"{out_dir}/report.json") as handle:
        document = json.load(handle)
    validator = jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())
    return {"schemaErrors": [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]}


def envelope(out_dir, pem_path):
    with open(pem_path, "rb") as handle:
        public = load_pem_public_key(handle.read())
    raw = public.public_bytes(Encoding.Raw, PublicFormat.Raw)
    keyid = hashlib.sha256(raw).hexdigest()
    with open(f"{out_dir}/report.dsse.json", "rb") as handle:
        document = json.load(handle)
    env = Envelope.from_dict(document)
    key = SSlibKey(keyid, "ed25519", "ed25519", {"public": raw.hex()})
    verified = list(env.verify([key], 1).keys())
    payload = base64.b64decode(document["payload"])
    statement_pb = json_format.Parse(payload, statement_pb2.Statement())
    Statement.copy_from_pb(statement_pb).validate()
    statement = json.loads(payload)
    predicate = test_result_pb2.TestResult()
    json_format.ParseDict(statement["predicate"], predicate)
    return {
        "verifiedKeys": verified,
        "predicateType": statement["predicateType"],
        "result": statement["predicate"]["result"],
        "passedTests": list(predicate.passed_tests),
        "failedTests": list(predicate.failed_tests),
        "warnedTests": list(predicate.warned_tests),
        "subjects": statement["subject"],
        "configuration": statement["predicate"].get("configuration", []),
    }


def main():
    if len(sys.argv) < 4:
        print(json.dumps({"error": "usage: check_report.py OUT_DIR JUNIT_XSD REPORT_SCHEMA [PUBLIC_KEY_PEM]"}))
        return 2
    out_dir, xsd, report_schema = sys.argv[1], sys.argv[2], sys.argv[3]
    result = {}
    try:
        result["junit"] = junit(out_dir, xsd)
        result["report"] = report(out_dir, report_schema)
        if len(sys.argv) > 4:
            result["envelope"] = envelope(out_dir, sys.argv[4])
    except Exception as error:  # every consumer's refusal is a finding for the test
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
