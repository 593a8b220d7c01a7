//===----------------------------------------------------------------------===//
// XCResultLogs.swift: `xcresulttool get test-results tests --format json` output, Xcode 16 style.
//===----------------------------------------------------------------------===//

/// Test-results trees written for these tests after the shape of published Xcode 16 output
/// (xcresulttool's pretty printing, `" : "`, node types and result words as Xcode writes them):
/// `Test Plan` → `Unit test bundle` → `Test Suite` → `Test Case` with `Failure Message`,
/// `Repetition` and `Arguments` children, `durationInSeconds` beside the localised `duration`.
enum XCResultLogs {
    /// One plan, one unit-test bundle, one suite: a pass, a failure, a skip, a test that failed and
    /// then passed on retry, one that failed every retry, an expected failure, a crash, and a
    /// result Xcode could not determine.
    static let mixed = """
        {
          "devices" : [
            {
              "architecture" : "arm64",
              "deviceId" : "5A1B2C3D-0000-4000-8000-00000000C0DE",
              "deviceName" : "iPhone 16",
              "modelName" : "iPhone 16",
              "osVersion" : "18.2",
              "platform" : "iOS Simulator"
            }
          ],
          "testNodes" : [
            {
              "children" : [
                {
                  "children" : [
                    {
                      "children" : [
                        {
                          "duration" : "0,12s",
                          "durationInSeconds" : 0.1234,
                          "name" : "testSameOriginRedirectSucceeds()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testSameOriginRedirectSucceeds()",
                          "nodeIdentifierURL" : "test://com.apple.xcode/MyApp/MyAppTests/RedirectBoundaryTests/testSameOriginRedirectSucceeds()",
                          "nodeType" : "Test Case",
                          "result" : "Passed"
                        },
                        {
                          "children" : [
                            {
                              "name" : "RedirectBoundaryTests.swift:42: XCTAssertEqual failed: (\\"200\\") is not equal to (\\"302\\")",
                              "nodeType" : "Failure Message"
                            },
                            {
                              "name" : "RedirectBoundaryTests.testDifferentPortRedirectStops()",
                              "nodeType" : "Source Code Reference"
                            }
                          ],
                          "duration" : "0,051s",
                          "durationInSeconds" : 0.0512,
                          "name" : "testDifferentPortRedirectStops()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testDifferentPortRedirectStops()",
                          "nodeType" : "Test Case",
                          "result" : "Failed"
                        },
                        {
                          "children" : [
                            {
                              "name" : "RedirectBoundaryTests.swift:60: Test skipped - needs a second listener",
                              "nodeType" : "Failure Message"
                            }
                          ],
                          "duration" : "0s",
                          "durationInSeconds" : 0,
                          "name" : "testForeignListenerSeesNothing()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testForeignListenerSeesNothing()",
                          "nodeType" : "Test Case",
                          "result" : "Skipped"
                        },
                        {
                          "children" : [
                            {
                              "children" : [
                                {
                                  "name" : "RedirectBoundaryTests.swift:77: XCTAssertTrue failed - timed out",
                                  "nodeType" : "Failure Message"
                                }
                              ],
                              "duration" : "2s",
                              "durationInSeconds" : 2.004,
                              "name" : "First Run",
                              "nodeIdentifier" : "1",
                              "nodeType" : "Repetition",
                              "result" : "Failed"
                            },
                            {
                              "duration" : "0,31s",
                              "durationInSeconds" : 0.31,
                              "name" : "Retry 1",
                              "nodeIdentifier" : "2",
                              "nodeType" : "Repetition",
                              "result" : "Passed"
                            }
                          ],
                          "duration" : "2s",
                          "durationInSeconds" : 2.314,
                          "name" : "testFlakyTimeout()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testFlakyTimeout()",
                          "nodeType" : "Test Case",
                          "result" : "Passed"
                        },
                        {
                          "children" : [
                            {
                              "children" : [
                                {
                                  "name" : "RedirectBoundaryTests.swift:90: failed - first",
                                  "nodeType" : "Failure Message"
                                }
                              ],
                              "name" : "First Run",
                              "nodeType" : "Repetition",
                              "result" : "Failed"
                            },
                            {
                              "children" : [
                                {
                                  "name" : "RedirectBoundaryTests.swift:90: failed - second",
                                  "nodeType" : "Failure Message"
                                }
                              ],
                              "name" : "Retry 1",
                              "nodeType" : "Repetition",
                              "result" : "Failed"
                            },
                            {
                              "children" : [
                                {
                                  "name" : "RedirectBoundaryTests.swift:90: failed - third",
                                  "nodeType" : "Failure Message"
                                }
                              ],
                              "name" : "Retry 2",
                              "nodeType" : "Repetition",
                              "result" : "Failed"
                            }
                          ],
                          "durationInSeconds" : 0.9,
                          "name" : "testAlwaysFails()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testAlwaysFails()",
                          "nodeType" : "Test Case",
                          "result" : "Failed"
                        },
                        {
                          "children" : [
                            {
                              "name" : "RedirectBoundaryTests.swift:101: Expected failure: the header is still forwarded (#123)",
                              "nodeType" : "Failure Message"
                            }
                          ],
                          "durationInSeconds" : 0.004,
                          "name" : "testKnownHeaderBug()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testKnownHeaderBug()",
                          "nodeType" : "Test Case",
                          "result" : "Expected Failure"
                        },
                        {
                          "children" : [
                            {
                              "name" : "MyApp (4242) encountered an error (Test crashed with signal segv.)",
                              "nodeType" : "Failure Message"
                            }
                          ],
                          "durationInSeconds" : 0.2,
                          "name" : "testDecodesHugeFrame()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testDecodesHugeFrame()",
                          "nodeType" : "Test Case",
                          "result" : "Failed"
                        },
                        {
                          "name" : "testNeverReported()",
                          "nodeIdentifier" : "RedirectBoundaryTests/testNeverReported()",
                          "nodeType" : "Test Case",
                          "result" : "unknown"
                        }
                      ],
                      "name" : "RedirectBoundaryTests",
                      "nodeType" : "Test Suite",
                      "result" : "Failed"
                    }
                  ],
                  "name" : "MyAppTests",
                  "nodeType" : "Unit test bundle",
                  "result" : "Failed"
                }
              ],
              "name" : "MyApp",
              "nodeType" : "Test Plan",
              "result" : "Failed"
            }
          ]
        }
        """

    /// Swift Testing in a UI test bundle: a nested suite, a parameterised test with one failing
    /// argument, a retried argument, and an old-style `duration` only.
    static let swiftTesting = """
        {
          "testNodes" : [
            {
              "children" : [
                {
                  "children" : [
                    {
                      "children" : [
                        {
                          "children" : [
                            {
                              "children" : [
                                { "name" : "\\"a\\"", "nodeType" : "Arguments", "result" : "Passed" },
                                {
                                  "children" : [
                                    {
                                      "name" : "ParserTests.swift:42: Expectation failed: 1 == 2",
                                      "nodeType" : "Failure Message"
                                    }
                                  ],
                                  "name" : "\\"b\\"",
                                  "nodeType" : "Arguments",
                                  "result" : "Failed"
                                },
                                {
                                  "children" : [
                                    { "name" : "Repetition 1", "nodeType" : "Repetition", "result" : "Failed" },
                                    { "name" : "Repetition 2", "nodeType" : "Repetition", "result" : "Passed" }
                                  ],
                                  "name" : "\\"c\\"",
                                  "nodeType" : "Arguments",
                                  "result" : "Passed"
                                }
                              ],
                              "duration" : "1m 5s",
                              "name" : "parses(input:)",
                              "nodeIdentifier" : "Outer/Inner/parses(input:)",
                              "nodeType" : "Test Case",
                              "result" : "Failed"
                            }
                          ],
                          "name" : "Inner",
                          "nodeType" : "Test Suite",
                          "result" : "Failed"
                        }
                      ],
                      "name" : "Outer",
                      "nodeType" : "Test Suite",
                      "result" : "Failed"
                    }
                  ],
                  "name" : "MyAppUITests",
                  "nodeType" : "UI test bundle",
                  "result" : "Failed"
                }
              ],
              "name" : "MyApp",
              "nodeType" : "Test Plan",
              "result" : "Failed"
            }
          ]
        }
        """

    /// The same test under two test-plan configurations, failing in one.
    static let twoConfigurations = """
        {
          "testNodes" : [
            {
              "children" : [
                {
                  "children" : [
                    {
                      "durationInSeconds" : 0.5,
                      "name" : "testLogin()",
                      "nodeIdentifier" : "LoginTests/testLogin()",
                      "nodeType" : "Test Case",
                      "result" : "Passed"
                    }
                  ],
                  "name" : "AppTests",
                  "nodeType" : "Unit test bundle"
                }
              ],
              "name" : "English",
              "nodeType" : "Test Plan Configuration"
            },
            {
              "children" : [
                {
                  "children" : [
                    {
                      "children" : [
                        { "name" : "LoginTests.swift:9: XCTAssertEqual failed", "nodeType" : "Failure Message" }
                      ],
                      "durationInSeconds" : 0.25,
                      "name" : "testLogin()",
                      "nodeIdentifier" : "LoginTests/testLogin()",
                      "nodeType" : "Test Case",
                      "result" : "Failed"
                    }
                  ],
                  "name" : "AppTests",
                  "nodeType" : "Unit test bundle"
                }
              ],
              "name" : "German",
              "nodeType" : "Test Plan Configuration"
            }
          ]
        }
        """
}
