import InternalTestSupport
import Testing
@testable import EventLog
@testable import StoreCore

/// A state of 4,176 bytes, larger than the index's coarse comparison blocks (2,048 bytes), with
/// bindings on fields in each of them and on both sides of their edges.
struct Large: Sendable {
  // NB: a tuple, so that each cell is a stored field with its own offset (and key path).
  var cells: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  var tail = 0

  @MainActor static let fields: [WritableKeyPath<Large, Int>] = [\.cells.0, \.cells.1, \.cells.2, \.cells.15, \.cells.16, \.cells.100, \.cells.200, \.cells.255, \.cells.256, \.cells.257, \.cells.300, \.cells.383, \.cells.384, \.cells.450, \.cells.511, \.cells.512, \.cells.519, \.tail]
  /// Every field: bound all, they make one watched range of the whole state, which a commit
  /// compares in coarse blocks, then fine ones inside a coarse block that differs.
  @MainActor static let allFields: [WritableKeyPath<Large, Int>] = [\.cells.0, \.cells.1, \.cells.2, \.cells.3, \.cells.4, \.cells.5, \.cells.6, \.cells.7, \.cells.8, \.cells.9, \.cells.10, \.cells.11, \.cells.12, \.cells.13, \.cells.14, \.cells.15, \.cells.16, \.cells.17, \.cells.18, \.cells.19, \.cells.20, \.cells.21, \.cells.22, \.cells.23, \.cells.24, \.cells.25, \.cells.26, \.cells.27, \.cells.28, \.cells.29, \.cells.30, \.cells.31, \.cells.32, \.cells.33, \.cells.34, \.cells.35, \.cells.36, \.cells.37, \.cells.38, \.cells.39, \.cells.40, \.cells.41, \.cells.42, \.cells.43, \.cells.44, \.cells.45, \.cells.46, \.cells.47, \.cells.48, \.cells.49, \.cells.50, \.cells.51, \.cells.52, \.cells.53, \.cells.54, \.cells.55, \.cells.56, \.cells.57, \.cells.58, \.cells.59, \.cells.60, \.cells.61, \.cells.62, \.cells.63, \.cells.64, \.cells.65, \.cells.66, \.cells.67, \.cells.68, \.cells.69, \.cells.70, \.cells.71, \.cells.72, \.cells.73, \.cells.74, \.cells.75, \.cells.76, \.cells.77, \.cells.78, \.cells.79, \.cells.80, \.cells.81, \.cells.82, \.cells.83, \.cells.84, \.cells.85, \.cells.86, \.cells.87, \.cells.88, \.cells.89, \.cells.90, \.cells.91, \.cells.92, \.cells.93, \.cells.94, \.cells.95, \.cells.96, \.cells.97, \.cells.98, \.cells.99, \.cells.100, \.cells.101, \.cells.102, \.cells.103, \.cells.104, \.cells.105, \.cells.106, \.cells.107, \.cells.108, \.cells.109, \.cells.110, \.cells.111, \.cells.112, \.cells.113, \.cells.114, \.cells.115, \.cells.116, \.cells.117, \.cells.118, \.cells.119, \.cells.120, \.cells.121, \.cells.122, \.cells.123, \.cells.124, \.cells.125, \.cells.126, \.cells.127, \.cells.128, \.cells.129, \.cells.130, \.cells.131, \.cells.132, \.cells.133, \.cells.134, \.cells.135, \.cells.136, \.cells.137, \.cells.138, \.cells.139, \.cells.140, \.cells.141, \.cells.142, \.cells.143, \.cells.144, \.cells.145, \.cells.146, \.cells.147, \.cells.148, \.cells.149, \.cells.150, \.cells.151, \.cells.152, \.cells.153, \.cells.154, \.cells.155, \.cells.156, \.cells.157, \.cells.158, \.cells.159, \.cells.160, \.cells.161, \.cells.162, \.cells.163, \.cells.164, \.cells.165, \.cells.166, \.cells.167, \.cells.168, \.cells.169, \.cells.170, \.cells.171, \.cells.172, \.cells.173, \.cells.174, \.cells.175, \.cells.176, \.cells.177, \.cells.178, \.cells.179, \.cells.180, \.cells.181, \.cells.182, \.cells.183, \.cells.184, \.cells.185, \.cells.186, \.cells.187, \.cells.188, \.cells.189, \.cells.190, \.cells.191, \.cells.192, \.cells.193, \.cells.194, \.cells.195, \.cells.196, \.cells.197, \.cells.198, \.cells.199, \.cells.200, \.cells.201, \.cells.202, \.cells.203, \.cells.204, \.cells.205, \.cells.206, \.cells.207, \.cells.208, \.cells.209, \.cells.210, \.cells.211, \.cells.212, \.cells.213, \.cells.214, \.cells.215, \.cells.216, \.cells.217, \.cells.218, \.cells.219, \.cells.220, \.cells.221, \.cells.222, \.cells.223, \.cells.224, \.cells.225, \.cells.226, \.cells.227, \.cells.228, \.cells.229, \.cells.230, \.cells.231, \.cells.232, \.cells.233, \.cells.234, \.cells.235, \.cells.236, \.cells.237, \.cells.238, \.cells.239, \.cells.240, \.cells.241, \.cells.242, \.cells.243, \.cells.244, \.cells.245, \.cells.246, \.cells.247, \.cells.248, \.cells.249, \.cells.250, \.cells.251, \.cells.252, \.cells.253, \.cells.254, \.cells.255, \.cells.256, \.cells.257, \.cells.258, \.cells.259, \.cells.260, \.cells.261, \.cells.262, \.cells.263, \.cells.264, \.cells.265, \.cells.266, \.cells.267, \.cells.268, \.cells.269, \.cells.270, \.cells.271, \.cells.272, \.cells.273, \.cells.274, \.cells.275, \.cells.276, \.cells.277, \.cells.278, \.cells.279, \.cells.280, \.cells.281, \.cells.282, \.cells.283, \.cells.284, \.cells.285, \.cells.286, \.cells.287, \.cells.288, \.cells.289, \.cells.290, \.cells.291, \.cells.292, \.cells.293, \.cells.294, \.cells.295, \.cells.296, \.cells.297, \.cells.298, \.cells.299, \.cells.300, \.cells.301, \.cells.302, \.cells.303, \.cells.304, \.cells.305, \.cells.306, \.cells.307, \.cells.308, \.cells.309, \.cells.310, \.cells.311, \.cells.312, \.cells.313, \.cells.314, \.cells.315, \.cells.316, \.cells.317, \.cells.318, \.cells.319, \.cells.320, \.cells.321, \.cells.322, \.cells.323, \.cells.324, \.cells.325, \.cells.326, \.cells.327, \.cells.328, \.cells.329, \.cells.330, \.cells.331, \.cells.332, \.cells.333, \.cells.334, \.cells.335, \.cells.336, \.cells.337, \.cells.338, \.cells.339, \.cells.340, \.cells.341, \.cells.342, \.cells.343, \.cells.344, \.cells.345, \.cells.346, \.cells.347, \.cells.348, \.cells.349, \.cells.350, \.cells.351, \.cells.352, \.cells.353, \.cells.354, \.cells.355, \.cells.356, \.cells.357, \.cells.358, \.cells.359, \.cells.360, \.cells.361, \.cells.362, \.cells.363, \.cells.364, \.cells.365, \.cells.366, \.cells.367, \.cells.368, \.cells.369, \.cells.370, \.cells.371, \.cells.372, \.cells.373, \.cells.374, \.cells.375, \.cells.376, \.cells.377, \.cells.378, \.cells.379, \.cells.380, \.cells.381, \.cells.382, \.cells.383, \.cells.384, \.cells.385, \.cells.386, \.cells.387, \.cells.388, \.cells.389, \.cells.390, \.cells.391, \.cells.392, \.cells.393, \.cells.394, \.cells.395, \.cells.396, \.cells.397, \.cells.398, \.cells.399, \.cells.400, \.cells.401, \.cells.402, \.cells.403, \.cells.404, \.cells.405, \.cells.406, \.cells.407, \.cells.408, \.cells.409, \.cells.410, \.cells.411, \.cells.412, \.cells.413, \.cells.414, \.cells.415, \.cells.416, \.cells.417, \.cells.418, \.cells.419, \.cells.420, \.cells.421, \.cells.422, \.cells.423, \.cells.424, \.cells.425, \.cells.426, \.cells.427, \.cells.428, \.cells.429, \.cells.430, \.cells.431, \.cells.432, \.cells.433, \.cells.434, \.cells.435, \.cells.436, \.cells.437, \.cells.438, \.cells.439, \.cells.440, \.cells.441, \.cells.442, \.cells.443, \.cells.444, \.cells.445, \.cells.446, \.cells.447, \.cells.448, \.cells.449, \.cells.450, \.cells.451, \.cells.452, \.cells.453, \.cells.454, \.cells.455, \.cells.456, \.cells.457, \.cells.458, \.cells.459, \.cells.460, \.cells.461, \.cells.462, \.cells.463, \.cells.464, \.cells.465, \.cells.466, \.cells.467, \.cells.468, \.cells.469, \.cells.470, \.cells.471, \.cells.472, \.cells.473, \.cells.474, \.cells.475, \.cells.476, \.cells.477, \.cells.478, \.cells.479, \.cells.480, \.cells.481, \.cells.482, \.cells.483, \.cells.484, \.cells.485, \.cells.486, \.cells.487, \.cells.488, \.cells.489, \.cells.490, \.cells.491, \.cells.492, \.cells.493, \.cells.494, \.cells.495, \.cells.496, \.cells.497, \.cells.498, \.cells.499, \.cells.500, \.cells.501, \.cells.502, \.cells.503, \.cells.504, \.cells.505, \.cells.506, \.cells.507, \.cells.508, \.cells.509, \.cells.510, \.cells.511, \.cells.512, \.cells.513, \.cells.514, \.cells.515, \.cells.516, \.cells.517, \.cells.518, \.cells.519, \.tail]
}

@MainActor
struct LargeStateBindingTests {
  @Test func eachChangedFieldNotifiesOnlyItsBindingWhereverItLies() {
    #expect(MemoryLayout<Large>.size > 2 * 2048)
    let store = Store(initialState: Large(), reducer: Reduce<Large, (Int, Int)> { state, action in
      state[keyPath: Large.fields[action.0]] = action.1
      return .none
    })
    var notified: [Int] = []
    var bindings: Set<StoreBinding> = []
    for (index, field) in Large.fields.enumerated() {
      store.lazyBind(field) { _ in notified.append(index) }.store(in: &bindings)
    }
    #expect(store.bindings.count >= BindingTable<Large>.indexThreshold)
    for round in 1...2 {
      for field in Large.fields.indices { store.send((field, round)) }
    }
    #expect(notified == Array(Large.fields.indices) + Array(Large.fields.indices))
    // Two fields in different coarse blocks changed by one action: both are told, once each.
    notified = []
    let both = Reduce<Large, (Int, Int)> { state, _ in
      state.cells.16 += 1
      state.tail += 1
      return .none
    }
    let store2 = Store(initialState: Large(), reducer: both)
    for (index, field) in Large.fields.enumerated() {
      store2.lazyBind(field) { _ in notified.append(index) }.store(in: &bindings)
    }
    store2.send((0, 0))
    #expect(notified == [4, Large.fields.count - 1])
  }

  /// Any set of fields changed by one action, however they fall in the comparison's coarse and
  /// fine blocks (several in one block, in neighbouring blocks, at the edges), with every field
  /// bound: each changed field's binding is told once, and no other. 300 sets drawn from a
  /// seed, from one field in a hundred to one in three.
  @Test func anySetOfChangedFieldsNotifiesExactlyItsBindings() {
    var generator = SplitMix64(seed: 0x5EED_B10C)
    let store = Store(initialState: Large(), reducer: Reduce<Large, [Int]> { state, changed in
      for field in changed { state[keyPath: Large.allFields[field]] += 1 }
      return .none
    })
    var notified: [Int] = []
    var bindings: Set<StoreBinding> = []
    for (index, field) in Large.allFields.enumerated() {
      store.lazyBind(field) { _ in notified.append(index) }.store(in: &bindings)
    }
    for round in 0..<300 {
      let oneIn = UInt64([100, 20, 3][round % 3])
      let changed = Large.allFields.indices.filter { _ in generator.next() % oneIn == 0 }
      notified = []
      store.send(changed)
      #expect(notified == changed, "round \(round): changed \(changed)")
    }
  }

  /// The 18 fields' bindings keep the index on; `cells.400` is watched by none of them.
  private func storeWithIndex(_ notified: @escaping (Int) -> Void) -> (Store<Large, (Int, Int)>, Set<StoreBinding>) {
    let store = Store(initialState: Large(), reducer: Reduce<Large, (Int, Int)> { state, action in
      if action.0 < 0 { state.cells.400 = action.1 } else { state[keyPath: Large.fields[action.0]] = action.1 }
      return .none
    })
    var bindings: Set<StoreBinding> = []
    for (index, field) in Large.fields.enumerated() {
      store.lazyBind(field) { _ in notified(index) }.store(in: &bindings)
    }
    #expect(store.bindings.count >= BindingTable<Large>.indexThreshold)
    return (store, bindings)
  }

  /// A commit compares only the words bindings watch, so the copy of the previous state is
  /// not kept up to date elsewhere. A binding added later on such a word starts from the state
  /// of its time: a change back to the old value is still a change it hears of.
  @Test func aFieldWatchedLateHearsOfAChangeBackToItsOldValue() {
    var notified: [Int] = []
    var (store, bindings) = storeWithIndex { notified.append($0) }
    store.send((-1, 5))  // cells.400: 0 → 5, watched by no one
    var late: [Int] = []
    store.lazyBind(\.cells.400) { late.append($0) }.store(in: &bindings)
    store.send((-1, 0))  // back to 0: the value the unwatched word held when the index began
    #expect(late == [0])
    #expect(notified.isEmpty)
  }

  /// A callback that binds during a dispatch must not hide the commit's other changes from the
  /// bindings already there, and the word it starts watching is compared from then on.
  @Test func bindingFromACallbackHidesNoChangeOfTheSameCommit() {
    var notified: [Int] = []
    var late: [Int] = []
    var bindings: Set<StoreBinding> = []
    let store = Store(initialState: Large(), reducer: Reduce<Large, Int> { state, value in
      state.cells.0 = value
      state.cells.400 = value
      state.tail = value
      return .none
    })
    for (index, field) in Large.fields.enumerated() {
      store.lazyBind(field) { [weak store] _ in
        notified.append(index)
        // The first field's callback, which runs before the tail's is compared, binds on the
        // tail's word and on a word no one watched.
        guard index == 0, late.isEmpty, let store else { return }
        late.append(-1)
        store.lazyBind(\.tail) { late.append($0) }.store(in: &bindings)
        store.lazyBind(\.cells.400) { late.append($0 * 100) }.store(in: &bindings)
      }.store(in: &bindings)
    }
    store.send(1)
    #expect(notified == [0, Large.fields.count - 1])
    store.send(0)
    #expect(notified == [0, Large.fields.count - 1, 0, Large.fields.count - 1])
    #expect(late.sorted() == [-1, 0, 0])
  }
}
