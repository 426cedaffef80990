import Testing
@testable import Store
