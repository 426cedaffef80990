/// The keys between a container and the coder's path stack: empty for a container the coder
/// handed out, one key for a nested container (the common case, kept without an array
/// allocation), more for containers nested deeper.
enum CodingPathSuffix {
  case none
  case one(any CodingKey)
  case many([any CodingKey])

  func appending(_ key: any CodingKey) -> CodingPathSuffix {
    switch self {
    case .none: .one(key)
    case .one(let first): .many([first, key])
    case .many(let keys): .many(keys + [key])
    }
  }

  var keys: [any CodingKey] {
    switch self {
    case .none: []
    case .one(let key): [key]
    case .many(let keys): keys
    }
  }

  /// Pushes these keys and then `key` onto a coder's path stack.
  @inline(__always)
  func push(_ key: any CodingKey, onto path: inout [any CodingKey]) {
    switch self {
    case .none: break
    case .one(let first): path.append(first)
    case .many(let keys): path.append(contentsOf: keys)
    }
    path.append(key)
  }
}
