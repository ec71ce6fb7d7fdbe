#!/usr/bin/env python3
"""Turns `flowc check --format json` into a GitLab code quality report.

    flowc check --format json > flowc.json || test $? -eq 1
    python3 scripts/gitlab-code-quality.py < flowc.json > gl-code-quality-report.json

Reads flowc's JSON report on standard input and writes a JSON array of code quality issues
on standard output: one per finding, with the rule id as `check_name`, the message as
`description`, errors as `critical` and warnings as `minor`, the file and line as
`location`. A fingerprint identifies a finding across pipelines so GitLab can tell new
findings from fixed ones: it hashes the rule, the file and the message (not the line, which
moves when lines are added above), and counts findings that share all three.

Standard library only, so that it runs wherever python3 does.
"""

import hashlib
import json
import sys

SEVERITIES = {"error": "critical", "warning": "minor"}


def issues(report):
    """The code quality issues of one flowc JSON report, in its order."""
    seen = {}
    result = []
    for finding in report["diagnostics"]:
        identity = "\0".join([finding["rule"], finding["file"], finding["message"]])
        occurrence = seen.get(identity, 0)
        seen[identity] = occurrence + 1
        fingerprint = hashlib.sha256(f"{identity}\0{occurrence}".encode()).hexdigest()
        result.append(
            {
                "description": finding["message"],
                "check_name": finding["rule"],
                "fingerprint": fingerprint,
                "severity": SEVERITIES.get(finding["severity"], "info"),
                "location": {"path": finding["file"], "lines": {"begin": finding["line"]}},
            }
        )
    return result


def main():
    try:
        report = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        sys.exit(f"gitlab-code-quality: standard input is not flowc's JSON report: {error}")
    json.dump(issues(report), sys.stdout, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
