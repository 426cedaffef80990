import InternalTestSupport
import Testing

/// What a sanitizer stage's sample of an exhaustive walk keeps (`REFOLD_TEST_STRIDE`).
struct TestStrideTests {
  @Test func aStepOfOneVisitsEveryCase() {
    #expect(TestStride.sample(0..<7, step: 1) == Array(0..<7))
    #expect(TestStride.sample([Int](), step: 1).isEmpty)
  }

  @Test func aLargerStepVisitsTheFirstOneInStepAndTheLast() {
    #expect(TestStride.sample(0..<10, step: 4) == [0, 4, 8, 9])
    #expect(TestStride.sample(0..<9, step: 4) == [0, 4, 8])
    #expect(TestStride.sample(5..<6, step: 8) == [5])
    #expect(TestStride.sample([Int](), step: 8).isEmpty)
    // Not indices from zero: the elements of a slice.
    #expect(TestStride.sample(Array(100..<110)[3...], step: 3) == [103, 106, 109])
  }

  @Test func aSampleIsInOrderAndHasNoCaseTwice() {
    for count in 0..<40 {
      for step in 1..<12 {
        let sample = TestStride.sample(0..<count, step: step)
        #expect(sample == sample.sorted(), "count \(count), step \(step)")
        #expect(Set(sample).count == sample.count, "count \(count), step \(step)")
        #expect(sample.count == (count == 0 ? 0 : (count - 1) / step + 1 + ((count - 1) % step == 0 ? 0 : 1)))
      }
    }
  }
}
