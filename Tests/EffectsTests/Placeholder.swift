import Testing
@testable import Effects
