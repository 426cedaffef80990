import Testing
@testable import StoreCore

/// A process whose TestStores could not fail a test stops at the first one, saying why.
struct TestFailureRouteTests {
  @Test func withoutTheTestSupportATestProcessHasAProblemNamingTheProduct() {
    let problem = TestFailureRoute.problem(isTesting: true, supportIsLinked: false)
    #expect(
      problem == """
        TestStore cannot report failures: add the "IssueReportingTestSupport" product of \
        xctest-dynamic-overlay to your test target's dependencies
        """
    )
    #expect(problem?.contains("\n") == false)
  }

  @Test func withTheTestSupportOrOutsideTestsThereIsNoProblem() {
    #expect(TestFailureRoute.problem(isTesting: true, supportIsLinked: true) == nil)
    #expect(TestFailureRoute.problem(isTesting: false, supportIsLinked: false) == nil)
  }

  @Test func thisTestProcessLinksTheSupportAndItsLookupFindsIt() {
    #expect(TestFailureRoute.problemInThisProcess == nil)
  }
}
