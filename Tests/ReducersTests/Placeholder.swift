import Testing
@testable import Reducers
