/// How many `Tracked` values of one test are alive, to catch a value released twice or never
/// (a buffer or hand-off that moves values it does not own).
final class Census {
  var alive = 0
}

final class Tracked {
  let number: Int
  let census: Census

  init(_ number: Int, _ census: Census) {
    self.number = number
    self.census = census
    census.alive += 1
  }

  deinit { census.alive -= 1 }
}
