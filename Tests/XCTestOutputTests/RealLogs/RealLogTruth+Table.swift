//===----------------------------------------------------------------------===//
// RealLogTruth+Table.swift: the judged truth of every log in reallogs-parse but the held-out ones.
//===----------------------------------------------------------------------===//

extension RealLogTruth {
    /// Every log the parser was tuned on.
    static let tuned: [RealLogTruth] = [
        .failed(
            "bitrise/xcodebuild-UITest-timeout.txt", tests: 3, failed: ["BitriseXcode7SampleUITests.testAddAnItemGoToDetailsThenDeleteIt"],
            names: ["BitriseXcode7SampleTests.testExample"]),
        .failed("bitrise/xcodebuild-compile-error.txt", tests: 0),
        .failed("bitrise/xcodebuild-early-unexpected-exit_1.txt", tests: 1, names: ["ios_xcode_8_0UITests.testExample"]),
        .failed(
            "bitrise/xcodebuild-early-unexpected-exit_2.txt", tests: 2,
            names: ["ios_xcode_8_0Tests.testExample", "ios_xcode_8_0Tests.testPerformanceExample"]),
        .failed("bitrise/xcodebuild-failed-to-background-test-runner.txt", tests: 2, names: ["ios_xcode_8_0Tests.testExample"]),
        .failed("bitrise/xcodebuild-failed-to-open-test-runner.txt", tests: 2, names: ["ios_simple_objcTests.testExample"]),
        .failed(
            "bitrise/xcodebuild-failure-attempting-tolaunch.txt", tests: 3, failed: ["ios_xcode_8_0UITests.testExample"],
            names: ["ios_xcode_8_0Tests.testPerformanceExample"]),
        .failed("bitrise/xcodebuild-iPhoneSimulator-timeout.txt", tests: 0),
        .passed("bitrise/xcodebuild-ok.txt", tests: 3),
        .failed(
            "bitrise/xcodebuild-test-runner-failed-to-initialize-for-ui-testing.txt", tests: 2, names: ["ios_xcode_8_0Tests.testExample"]),
        .failed("bitrise/xcodebuild-timed-out-registering-for-testing-event.txt", tests: 2, names: ["ios_xcode_8_0Tests.testExample"]),
        .failed(
            "corelibs-xctest/Asynchronous_Expectations.log", exit: 1, tests: 37,
            failed: [
                "ExpectationsTestCase.test_waitingForAnUnfulfilledExpectation_fails", "ExpectationsTestCase.test_runLoopInsideDispatch",
            ]),
        .failed(
            "corelibs-xctest/Asynchronous_Expectations_crash.log", exit: 132, tests: 7,
            failed: ["ExpectationsTestCase.test_waitingForAnUnfulfilledExpectation_fails"]),
        .failed(
            "corelibs-xctest/Asynchronous_Handler.log", exit: 1, tests: 2,
            failed: ["HandlerTestCase.test_whenExpectationsAreNotFulfilled_handlerCalled_andFails"]),
        .failed(
            "corelibs-xctest/Asynchronous_Misuse.log", exit: 1, tests: 2,
            failed: [
                "MisuseTestCase.test_whenExpectationsAreMade_butNotWaitedFor_fails",
                "MisuseTestCase.test_whenNoExpectationsAreMade_butTheyAreWaitedFor_fails",
            ]),
        .failed(
            "corelibs-xctest/Asynchronous_Notifications_Expectations.log", exit: 1, tests: 7,
            failed: [
                "NotificationExpectationsTestCase.test_observeNotificationWithIncorrectName_fails",
                "NotificationExpectationsTestCase.test_observeNotificationWithIncorrectObject_fails",
            ]),
        .failed(
            "corelibs-xctest/Asynchronous_Notifications_Handler.log", exit: 1, tests: 4,
            failed: ["NotificationHandlerTestCase.test_notificationNameIsObservedAfterTimeout_handlerIsNotCalled"]),
        .failed(
            "corelibs-xctest/Asynchronous_Predicates_Expectations.log", exit: 1, tests: 7,
            failed: ["PredicateExpectationsTestCase.test_immediatelyFalsePredicate_fails"]),
        .failed(
            "corelibs-xctest/Asynchronous_Predicates_Handler.log", exit: 1, tests: 4,
            failed: ["PredicateHandlerTestCase.test_predicateIsTrue_handlerReturnsFalse_fails"]),
        .failed(
            "corelibs-xctest/Asynchronous_Use.log", exit: 1, tests: 8,
            failed: ["AsyncAwaitTests.test_explicitFailures_withinAsyncTests_areReported"]),
        .failed(
            "corelibs-xctest/EqualityWithAccuracy.log", exit: 1, tests: 11,
            failed: ["EqualityWithAccuracyTests.test_equalWithAccuracy_nan_fails"]),
        .failed("corelibs-xctest/ErrorHandling.log", exit: 1, tests: 22, failed: ["ErrorHandling.test_shouldReportFailureNotOnMainThread"]),
        .failed(
            "corelibs-xctest/FailingTestSuite.log", exit: 1, tests: 4,
            failed: ["FailingTestCase.test_fails", "FailingTestCase.test_fails_with_message"]),
        .failed(
            "corelibs-xctest/FailureMessagesTestCase.log", exit: 1, tests: 26,
            failed: ["FailureMessagesTestCase.testAssert", "FailureMessagesTestCase.testFail"]),
        .failed("corelibs-xctest/Observation_All.log", exit: 1, tests: 3, failed: ["Observation.test_one"]),
        .failed("corelibs-xctest/Observation_MultipleObservers.log", exit: 0, tests: 0),
        .passed("corelibs-xctest/Observation_Selected.log", tests: 1),
        .failed("corelibs-xctest/Performance.log", exit: 1, tests: 8, failed: ["PerformanceTestCase.test_measuresWallClockTimeInBlock"]),
        .failed(
            "corelibs-xctest/Performance_Misuse.log", exit: 1, tests: 11,
            failed: ["PerformanceMisuseTestCase.test_measuringUnknownMetric_fails"]),
        .passed("corelibs-xctest/SelectedTest.log", tests: 3),
        .passed("corelibs-xctest/SkippingTestCase.log", tests: 10),
        .passed("corelibs-xctest/TestCaseLifecycle.log", tests: 6),
        .failed("corelibs-xctest/SingleFailingTestCase.log", exit: 1, tests: 1, failed: ["SingleFailingTestCase.test_fails"]),
        .failed(
            "corelibs-xctest/TestCaseLifecycle_Misuse.log", exit: 132, tests: 1,
            failed: ["TeardownBlocksMisuseTestCase.test_addingATeardownBlockLate_crashes"]),
        .passed("fastlane-scan/boring.log", tests: 3, names: ["appTests.testExample", "appUITests.testExample"]),
        .failed("fastlane-scan/build_failure.log", tests: 0),
        .failed("fastlane-scan/early_testing_failure.log", tests: 0),
        .failed(
            "fastlane-scan/non_parallel_testing_failure.log", tests: 18, failed: ["TestingTestTests.testFailure"],
            names: ["TestingTestTests.testG", "TestingTestPassing.testPass"]),
        .failed(
            "fastlane-scan/parallel_testing_failure.log", tests: 18, failed: ["TestingTestTests.testFailure"],
            names: ["TestingTestTests.testH", "TestingTestPassing.testPass"]),
        .failed("fastlane-scan/parallel_testing_failure_2.log", tests: 2, failed: ["Test1.testSomething", "Test2.testSomething"]),
        .failed(
            "fastlane-scan/xcode26_test_execute_failure.log", tests: 2,
            failed: ["ExampleTestTests.testExample", "ExampleTestUITests.testExample"]),
        .failed(
            "fastlane-scan/xcode26_testing_failure.log", tests: 2,
            failed: ["ExampleTestTests.testExample", "ExampleTestUITests.testExample"]),
        .failed(
            "fastlane-scan/xcode26_xcbeautify_failure.log", tests: 2,
            failed: ["ExampleTestTests.testExample", "ExampleTestUITests.testExample"]),
        .failed(
            "fastlane-trainer/Xcode16-Mixed-XCTest-SwiftTesting.json", tests: 47,
            failed: [
                "FastlaneTrainerExampleUITests.testBasicNavigation", "PasswordTests.testPasswordLength",
                "FastlaneTrainerExampleXCTests.testBasicAssertions",
            ], names: ["Simple string validation"]),
        .failed(
            "fastlane-trainer/Xcode26-Mixed-XCTest-SwiftTesting.json", tests: 48,
            failed: [
                "FastlaneTrainerExampleUITests.testBasicNavigation", "PasswordTests.testPasswordLength",
                "FastlaneTrainerExampleXCTests.testBasicAssertions",
            ], names: ["Simple string validation"]),
        .failed("swiftpm-linux/files-swift-test-build-failure.log", exit: 1, tests: 0),
        .passed("swiftpm-linux/ink-swift-test-parallel.log", tests: 115, names: ["InkTests.TextFormattingTests.testEscapedHardLinebreak"]),
        .passed("swiftpm-linux/ink-swift-test.log", tests: 115, names: ["TextFormattingTests.testEscapedHardLinebreak"]),
        .passed("swiftpm-linux/plot-swift-test-parallel.log", tests: 198),
        .passed("swiftpm-linux/plot-swift-test.log", tests: 198),
        .passed("swiftpm-linux/swift-http-types-swift-test.log", tests: 27, names: ["hashMatchesEqualityForDifferentOrder()"]),
        .failed(
            "xcbeautify/MixedTestLog_6_0_Linux.txt", exit: 1, tests: 6,
            failed: ["CaptureGroupTests.testForceFailure", "testFailTrueIsFalse()"],
            names: ["CaptureGroupTests.testMatchSwiftTestingIssueArgument1", "testTrueIsTrue()"]),
        .failed(
            "xcbeautify/MixedTestLog_6_0_macOS.txt", exit: 1, tests: 6,
            failed: ["CaptureGroupTests.testForceFailure", "testFailTrueIsFalse()"],
            names: ["CaptureGroupTests.testMatchSwiftTestingIssueArgument1", "testTrueIsTrue()"]),
        .failed(
            "xcbeautify/MixedTestLog_6_0_macOS_colored.txt", exit: 1, tests: 6,
            failed: ["CaptureGroupTests.testForceFailure", "testFailTrueIsFalse()"],
            names: ["CaptureGroupTests.testMatchSwiftTestingIssueArgument1", "testTrueIsTrue()"]),
        .failed(
            "xcbeautify/ParallelTestLog.txt", tests: 21, failed: ["BuildFlagTests.test_failIntentionally"],
            names: ["MobileWebURLRouteTest.testRouteContainsUrl"]),
        .failed(
            "xcbeautify/TestLog.txt", exit: 1, tests: 85,
            failed: ["XcbeautifyLibTests.testAggregateTarget", "SwiftTests.testExample", "ObjCTests.testExample"],
            names: ["OutputHandlerTests.testEarlyReturnIfEmptyString"]),
        .failed(
            "xcbeautify/demo_swift_testing_log.txt", exit: 1, tests: 3, failed: ["secondExample()"], names: ["example()", "skippedTest()"]),
        .failed(
            "xcbeautify/spi_swift_testing_full_log.txt", exit: 1, tests: 4,
            failed: [
                "analyze_dumpPackage_missing_manifest()", "analyze_updateRepository_invalidPackageCachePath()",
                "analyze_getPackageInfo_gitCheckout_error()",
            ], names: ["analyze_refreshCheckout_failed()"]),
        .failed(
            "xcbeautify/spi_swift_testing_short_log.txt", exit: 1, tests: 4,
            failed: [
                "analyze_dumpPackage_missing_manifest()", "analyze_updateRepository_invalidPackageCachePath()",
                "analyze_getPackageInfo_gitCheckout_error()",
            ], names: ["analyze_refreshCheckout_failed()"]),
        .failed(
            "xcbeautify/swift_test_log_macOS.txt", exit: 1, tests: 464,
            failed: ["Different kinds of functions are handled correctly", "Selected tests by ID"],
            names: ["ObjCClassTests.testExplicitNameThrowsFunError:"]),
        .failed(
            "xcbeautify/swift_test_log_macOS_colored.txt", exit: 1, tests: 464,
            failed: ["Different kinds of functions are handled correctly", "Selected tests by ID"],
            names: ["ObjCClassTests.testExplicitNameThrowsFunError:", "IssueTests.testCastAsAnyProtocol"]),
        .failed(
            "xcbeautify/xctest_crash_log.txt", exit: 133, tests: 7, failed: ["CalendarDay__Tests.testToday"],
            names: ["CalendarDay__Tests.testDaysSince"]),
        .failed(
            "xcodebuild-nvim/tc1.log", tests: 377,
            failed: [
                "ConfirmPhoneNumberViewModelTests.testOnLoadAsync_ShouldSetMaskedPhoneNumber_WhenDataIsFetched",
                "ConfirmFullNameViewModelTests.testOnLoadAsync_ShouldSetError_WhenDataFetchFailed",
            ]),
        .failed(
            "xcodebuild-nvim/tc10.log", tests: 377,
            failed: ["EventCodeConfirmViewModelTests.testEvent_ShouldValidateEventAndSetCorrectStatus_WhenFourDigitsAreProvided"]),
        .failed(
            "xcodebuild-nvim/tc11.log", tests: 8,
            failed: ["ShortcutRecorderCrashTests.testCrash", "ViewModelTests.testSomething_ShouldReturnFail"],
            names: ["ShortcutRecorderCrashTests.testOK", "ViewModelTests.testSomething_ShouldPass"]),
        .passed("xcodebuild-nvim/tc12.log", tests: 2),
        .failed(
            "xcodebuild-nvim/tc15.log", tests: 377,
            failed: [
                "EventCodeValidatorTests.testValidator_ShouldReturnIsValid_WhenEventIsValid",
                "ConfirmFullNameViewModelTests.testOnLoadAsync_ShouldSetCorrectValue_WhenDataIsFetched",
            ]),
        .passed("xcodebuild-nvim/tc16.log", tests: 8),
        .failed(
            "xcodebuild-nvim/tc17.log", tests: 377,
            failed: [
                "EventCodeValidatorTests.testValidator_ShouldReturnIsValid_WhenEventIsValid",
                "ConfirmFullNameViewModelTests.testOnLoadAsync_ShouldSetCorrectValue_WhenDataIsFetched",
                "DeeplinkParserTests.testParseDeeplink_ShouldReturnExpectedDeeplinkType_WhenCreatePersonalCodeDeeplinkIsValid",
            ]),
        .failed("xcodebuild-nvim/tc18.log", tests: 18, failed: ["unconditionalFail()"]),
        .failed("xcodebuild-nvim/tc19.log", tests: 3, failed: ["example2()", "example3()"], names: ["example()"]),
        .failed("xcodebuild-nvim/tc2.log", tests: 0),
        .failed("xcodebuild-nvim/tc20.log", tests: 18, failed: ["unconditionalFail()"]),
        .failed("xcodebuild-nvim/tc21.log", tests: 3, failed: ["example2()", "example3()"], names: ["example()"]),
        .failed("xcodebuild-nvim/tc22.log", tests: 27, failed: ["someFailingTest()", "unconditionalFail()", "Test 3"]),
        .failed(
            "xcodebuild-nvim/tc23.log", tests: 9, failed: ["checkMakeEnvVars(request:expectedEnvVars:)"],
            names: ["checkParseABCVersion(version:strings:)"]),
        .failed("xcodebuild-nvim/tc3.log", tests: 0),
        .failed(
            "xcodebuild-nvim/tc4.log", tests: 377,
            failed: ["ConfirmPhoneNumberViewModelTests.testOnLoadAsync_ShouldSetError_WhenDataFetchFailed"]),
        .passed("xcodebuild-nvim/tc5.log", tests: 377),
        .failed("xcodebuild-nvim/tc6.log", tests: 0),
        .failed("xcodebuild-nvim/tc7.log", tests: 0),
        .failed("xcodebuild-nvim/tc8.log", tests: 0),
        .failed("xcodebuild-nvim/tc9.log", tests: 0),
    ]
}
