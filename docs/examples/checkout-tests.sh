#!/bin/sh
# docs/examples/checkout-tests.sh: prints what Linux XCTest prints for a two-test suite, so the
# README's samples (accepted.json, rejected.json) show real runs of the gate in a second, without
# building a test target. "pass" passes both tests; "fail" fails one, as a wrong total would.
set -eu
now="2026-01-01 00:00:00.000"
echo "Test Suite 'CheckoutTests' started at $now"
echo "Test Case 'CheckoutTests.testEmptyCartTotalIsZero' started at $now"
echo "Test Case 'CheckoutTests.testEmptyCartTotalIsZero' passed (0.001 seconds)"
echo "Test Case 'CheckoutTests.testTotalIncludesTax' started at $now"
if [ "${1:-pass}" = fail ]; then
    echo "/src/Shop/Tests/CheckoutTests/CheckoutTests.swift:42: error: CheckoutTests.testTotalIncludesTax : XCTAssertEqual failed: (\"10.00\") is not equal to (\"10.80\")"
    echo "Test Case 'CheckoutTests.testTotalIncludesTax' failed (0.002 seconds)"
    echo "Test Suite 'CheckoutTests' failed at $now"
    echo "	 Executed 2 tests, with 1 failure (0 unexpected) in 0.003 (0.003) seconds"
    exit 1
fi
echo "Test Case 'CheckoutTests.testTotalIncludesTax' passed (0.002 seconds)"
echo "Test Suite 'CheckoutTests' passed at $now"
echo "	 Executed 2 tests, with 0 failures (0 unexpected) in 0.003 (0.003) seconds"
