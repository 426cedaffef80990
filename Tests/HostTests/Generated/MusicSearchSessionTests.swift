// Written by `refold test-gen` from music-search.log, seq 1…4, feature musicSearch (schema 1).
// Each action is sent or received in the log's order, with the state after it. The effects
// do not run: a sent action's effect hands back the actions the log received after it, so
// the test needs no network. Add IssueReportingTestSupport to the test target.

import Host
import Reducers
import Store
import Testing

@MainActor
@Test func musicSearchSession() async throws {
  let session = try RecordedSession<MusicSearch>(
    initialState: #"{"query":"","results":[],"isSearching":false}"#,
    events: [
      .send(#"{"queryChanged":{"_0":"b"}}"#),  // 1: seq 1
      .effect(#"{"searchResponse":{"_0":{"success":{"_0":[{"song":"Hype Boy","artist":"NewJeans","album":"New Jeans - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1635478002\/100x100bb.jpg","releaseDate":"2022-08-01T12:00:00Z"},{"song":"Blueming","artist":"IU","album":"Love poem","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1401332003\/100x100bb.jpg","releaseDate":"2019-11-18T12:00:00Z"},{"song":"Dynamite","artist":"BTS","album":"Dynamite (DayTime Version) - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1528003001\/100x100bb.jpg","releaseDate":"2020-08-21T12:00:00Z"}]}}}}"#),  // 2: seq 2
      .send(#"{"queryChanged":{"_0":"bo"}}"#),  // 3: seq 3
      .effect(#"{"searchResponse":{"_0":{"success":{"_0":[{"song":"Hype Boy","artist":"NewJeans","album":"New Jeans - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1635478002\/100x100bb.jpg","releaseDate":"2022-08-01T12:00:00Z"}]}}}}"#),  // 4: seq 4
    ])
  let store = session.testStore()
  await store.send(session.action(1)) {
    $0 = try session.state(#"{"query":"b","results":[],"isSearching":true}"#)
  }
  await store.receive(session.isAction(2)) {
    $0 = try session.state(#"{"query":"b","results":[{"song":"Hype Boy","artist":"NewJeans","album":"New Jeans - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1635478002\/100x100bb.jpg","releaseDate":"2022-08-01T12:00:00Z"},{"song":"Blueming","artist":"IU","album":"Love poem","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1401332003\/100x100bb.jpg","releaseDate":"2019-11-18T12:00:00Z"},{"song":"Dynamite","artist":"BTS","album":"Dynamite (DayTime Version) - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1528003001\/100x100bb.jpg","releaseDate":"2020-08-21T12:00:00Z"}],"isSearching":false}"#)
  }
  await store.send(session.action(3)) {
    $0 = try session.state(#"{"query":"bo","results":[{"song":"Hype Boy","artist":"NewJeans","album":"New Jeans - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1635478002\/100x100bb.jpg","releaseDate":"2022-08-01T12:00:00Z"},{"song":"Blueming","artist":"IU","album":"Love poem","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1401332003\/100x100bb.jpg","releaseDate":"2019-11-18T12:00:00Z"},{"song":"Dynamite","artist":"BTS","album":"Dynamite (DayTime Version) - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1528003001\/100x100bb.jpg","releaseDate":"2020-08-21T12:00:00Z"}],"isSearching":true}"#)
  }
  await store.receive(session.isAction(4)) {
    $0 = try session.state(#"{"query":"bo","results":[{"song":"Hype Boy","artist":"NewJeans","album":"New Jeans - EP","imageURL":"https:\/\/is1-ssl.mzstatic.example\/image\/thumb\/refold\/1635478002\/100x100bb.jpg","releaseDate":"2022-08-01T12:00:00Z"}],"isSearching":false}"#)
  }
  await store.finish()
}
