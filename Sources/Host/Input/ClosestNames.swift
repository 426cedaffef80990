/// The names closest to a misspelt one, for a "did you mean".
enum ClosestNames {
  /// The names within a few edits of `typed` (ignoring case), the nearest first; empty when
  /// none is close enough to be a likely typo.
  static func to(_ typed: String, among names: [String]) -> [String] {
    let limit = max(1, min(3, typed.count / 3))
    let scored = names.map { (name: $0, distance: distance(typed.lowercased(), $0.lowercased())) }
      .filter { $0.distance <= limit }
    guard let best = scored.map(\.distance).min() else { return [] }
    return scored.filter { $0.distance == best }.map(\.name)
  }

  /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`: the optimal
  /// string alignment distance, which counts `textChagned` as one edit from `textChanged`.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
