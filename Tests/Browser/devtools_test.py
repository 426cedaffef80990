#!/usr/bin/env python3
"""The devtools page in a real browser (headless Chromium, Selenium).

It records a log with the real `refold`, serves it with `refold devtools LOG`, opens the URL
that command prints, and checks the page from its DOM: the timeline, the case filter, the state
tree and its highlighted changes, the diff, time travel with the slider and the arrow keys, the
token check, and a live log followed while another process still writes it.

Run it through scripts/browser-tests.sh, which installs Chromium, chromedriver and Selenium.

Environment:
  REFOLD_BIN           the refold binary (default .build/debug/refold)
  BROWSER_ARTIFACTS    where screenshots go (default .build/browser-artifacts)
  CHROMIUM_BIN, CHROMEDRIVER_BIN   found on PATH when unset
  DEVTOOLS_URL         test a server that is already running (for developing the page against
                       a fake): nothing is recorded, and the server must serve a log of
                       ACTION_LINES below
  DEVTOOLS_FOLLOW_URL  with DEVTOOLS_URL: a `--follow` server whose log grows by itself; the
                       live step is skipped without it
"""
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

# ---- The scenario: the feature recorded, its action lines, and what the state should be ----

FEATURE = "app"
ACTION_LINES = [
    '{"amountInput":{"_0":{"textChanged":{"_0":"1"}}}}',
    '{"amountInput":{"_0":{"textChanged":{"_0":"12"}}}}',
    '{"signInButtonTapped":{}}',
    '{"amountInput":{"_0":{"textChanged":{"_0":"1234"}}}}',
    '{"amountInput":{"_0":{"textChanged":{"_0":"5"}}}}',
]
# The case path of each line above, as the timeline shows it.
ACTION_CASES = [
    "amountInput.textChanged", "amountInput.textChanged", "signInButtonTapped",
    "amountInput.textChanged", "amountInput.textChanged",
]
# The case filter picks these seqs out of the log above.
CASE_FILTER = "signInButtonTapped"
CASE_FILTER_SEQS = {3}
# The state field checked at each seq, and its value there (as the tree shows it: a JSON literal).
STATE_PATH = ["amountInput", "output"]


def expected_value(seq):
    """The value at STATE_PATH after seq events: the amount typed last, formatted in won."""
    formatted = {"1": "1₩", "12": "12₩", "1234": "1,234₩", "5": "5₩"}
    value = ""
    for line in ACTION_LINES[:seq]:
        typed = json.loads(line).get("amountInput", {}).get("_0", {}).get("textChanged")
        if typed is not None:
            value = formatted[typed["_0"]]
    return json.dumps(value, ensure_ascii=False)


def record_log(refold, log_path, lines):
    """Records `lines` into log_path with the real binary and waits for the run to end. Each
    event says where it came from (--record-sites, a debug build): `stdin:N`, its action line."""
    run = subprocess.run([refold, "run", FEATURE, "--record", log_path, "--record-sites"],
                         input="".join(line + "\n" for line in lines), text=True,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=60)
    assert run.returncode == 0, f"refold run {FEATURE} --record exited {run.returncode}: {run.stderr.strip()}"


def start_recording(refold, log_path):
    """Starts a run that records log_path and reads its action lines from a pipe."""
    return subprocess.Popen([refold, "run", FEATURE, "--record", log_path, "--fsync", "always"],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)


# ---- Plumbing --------------------------------------------------------------------------

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REFOLD_BIN = os.environ.get("REFOLD_BIN", os.path.join(ROOT, ".build/debug/refold"))
ARTIFACTS = os.environ.get("BROWSER_ARTIFACTS", os.path.join(ROOT, ".build/browser-artifacts"))
WAIT = 10  # seconds any one expectation may take
POLL = 0.05


class Server:
    """`refold devtools …`, and the URL it printed on its first line."""

    def __init__(self, args):
        self.proc = subprocess.Popen([REFOLD_BIN, "devtools", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        lines = queue.Queue()

        def read():
            for line in self.proc.stdout:  # keep draining so the server never blocks on stdout
                lines.put(line)
        threading.Thread(target=read, daemon=True).start()
        try:
            first = lines.get(timeout=30)
        except queue.Empty:
            self.stop()
            raise AssertionError(f"refold devtools {' '.join(args)} printed nothing within 30 s")
        match = re.search(r"(http://\S+)", first)
        if not match:
            self.stop()
            raise AssertionError(f"refold devtools's first line has no URL: {first!r}")
        self.url = match.group(1)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def make_driver():
    options = webdriver.ChromeOptions()
    chromium = os.environ.get("CHROMIUM_BIN") or shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium:
        options.binary_location = chromium
    # Downloads (the export step) land in DOWNLOADS, without asking.
    options.add_experimental_option("prefs", {
        "download.default_directory": DOWNLOADS, "download.prompt_for_download": False})
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,900", "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = os.environ.get("CHROMEDRIVER_BIN") or shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(executable_path=driver_path), options=options)


DOWNLOADS = tempfile.mkdtemp(prefix="refold-devtools-downloads-")


def step_export(driver):
    """Exports the sent actions of the whole log from the page and reads the downloaded file."""
    Select(driver.find_element(By.ID, "export-format")).select_by_value("actions")
    driver.find_element(By.ID, "export-from").clear()
    driver.find_element(By.ID, "export-from").send_keys("0")
    driver.find_element(By.ID, "export-go").click()
    wait_for(driver, "the export's status line", lambda d: d.find_element(By.ID, "export-status").text.startswith("saved "))
    name = driver.find_element(By.ID, "export-status").text[len("saved "):]
    path = os.path.join(DOWNLOADS, name)
    wait_for(driver, f"{path} downloaded", lambda d: os.path.exists(path) and os.path.getsize(path) > 0)
    lines = open(path, encoding="utf-8").read().splitlines()
    assert lines == ACTION_LINES, f"the exported action lines are {lines}, not the ones sent"
    # A range past the end is refused in the banner, and the page stays.
    driver.find_element(By.ID, "export-to").send_keys("999")
    driver.find_element(By.ID, "export-go").click()
    wait_for(driver, "the refusal in the banner",
             lambda d: d.find_element(By.ID, "status-banner").is_displayed()
             and "has no event 999" in d.find_element(By.ID, "status-text").text)
    driver.find_element(By.ID, "status-dismiss").click()
    driver.find_element(By.ID, "export-to").clear()


def wait_for(driver, what, condition, timeout=WAIT):
    """Waits until condition(driver) is truthy and returns it; fails saying what it waited for."""
    try:
        return WebDriverWait(driver, timeout, poll_frequency=POLL).until(lambda d: condition(d))
    except TimeoutException:
        raise AssertionError(f"timed out after {timeout} s waiting for {what}; {page_facts(driver)}") from None


def page_facts(driver):
    return driver.execute_script("""
      const b = document.getElementById('status-banner');
      return 'banner: ' + (b && !b.hidden ? JSON.stringify(b.textContent.trim()) : 'none')
        + ', rows: ' + JSON.stringify([...document.querySelectorAll('.event-row[data-seq]')].map(r => +r.dataset.seq).slice(0, 20))
        + ', slider: ' + document.getElementById('slider').value;""")


def row_seqs(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#timeline .event-row[data-seq]')].map(r => +r.dataset.seq)")


def selected_seqs(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#timeline .event-row.selected')].map(r => +r.dataset.seq)")


def tree_leaf(driver, path):
    """The tree node for path: its shown value and classes, or None while it is not there."""
    return driver.execute_script("""
      const node = document.querySelector('#state-tree [data-path="' + CSS.escape(arguments[0]) + '"]');
      if (!node) return null;
      const value = node.querySelector(':scope > .json');
      return {value: value ? value.textContent : null, classes: [...node.classList]};""",
                                 json.dumps(path, separators=(",", ":")))


def state_title(driver):
    return driver.find_element(By.ID, "state-title").text


def wait_state(driver, seq):
    """Waits until the state panel shows seq and the checked field has its expected value."""
    want = expected_value(seq)
    wait_for(driver, f"the state at seq {seq} with {STATE_PATH} = {want}",
             lambda d: f"seq {seq}" in state_title(d) and d.find_element(By.ID, "state-tree")
             .get_attribute("aria-busy") is None and (tree_leaf(d, STATE_PATH) or {}).get("value") == want)


def http_status(url, method="GET", headers=None):
    request = urllib.request.Request(url, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


# ---- The steps -------------------------------------------------------------------------

def step_timeline(driver, url):
    driver.get(url)
    n = len(ACTION_LINES)
    wait_for(driver, f"{n} rows in the timeline", lambda d: row_seqs(d) == list(range(1, n + 1)))
    rows = driver.find_elements(By.CSS_SELECTOR, "#timeline .event-row[data-seq]")
    for row, case in zip(rows, ACTION_CASES):
        assert row.get_attribute("data-case") == case, f"row {row.get_attribute('data-seq')}: case {row.get_attribute('data-case')}, expected {case}"
        assert row.find_element(By.CSS_SELECTOR, ".c-case").text == case
        assert row.get_attribute("data-origin") in ("send", "effect")
        assert re.fullmatch(r"\d\d:\d\d:\d\d\.\d\d\d", row.find_element(By.CSS_SELECTOR, ".c-time").text), \
            "the time column is not a clock time with milliseconds"
    banner = driver.find_element(By.ID, "status-banner")
    assert not banner.is_displayed(), f"an error banner is shown: {banner.text}"


def step_filter(driver):
    Select(driver.find_element(By.ID, "filter-case")).select_by_value(CASE_FILTER)
    wait_for(driver, f"only seqs {sorted(CASE_FILTER_SEQS)} after filtering on {CASE_FILTER}",
             lambda d: set(row_seqs(d)) == CASE_FILTER_SEQS)
    Select(driver.find_element(By.ID, "filter-case")).select_by_value("")
    n = len(ACTION_LINES)
    wait_for(driver, "every row back without the filter", lambda d: row_seqs(d) == list(range(1, n + 1)))
    # The free-text filter narrows too (debounced), and clearing it brings the rows back.
    text = driver.find_element(By.ID, "filter-text")
    text.send_keys(CASE_FILTER)
    wait_for(driver, f"only seqs {sorted(CASE_FILTER_SEQS)} for the text {CASE_FILTER!r}",
             lambda d: set(row_seqs(d)) == CASE_FILTER_SEQS)
    text.send_keys(Keys.BACKSPACE * len(CASE_FILTER))  # clear() would fire no input event
    wait_for(driver, "every row back after clearing the text", lambda d: row_seqs(d) == list(range(1, n + 1)))


def pick_seq():
    """A seq whose checked field changed from the one before, for the highlight and the diff."""
    for seq in range(2, len(ACTION_LINES) + 1):
        if expected_value(seq) != expected_value(seq - 1):
            return seq
    raise AssertionError("no action in ACTION_LINES changes the checked field")


def step_state(driver, seq):
    driver.find_element(By.CSS_SELECTOR, f'#timeline .event-row[data-seq="{seq}"]').click()
    wait_for(driver, f"row {seq} selected", lambda d: selected_seqs(d) == [seq])
    wait_state(driver, seq)
    leaf = tree_leaf(driver, STATE_PATH)
    assert "changed" in leaf["classes"], f"{STATE_PATH} changed at seq {seq} but is not highlighted: {leaf}"
    if len(STATE_PATH) > 0:
        root = tree_leaf(driver, [])
        assert root and "changed-ancestor" in root["classes"], f"the root is not marked as holding a change: {root}"
    # The raw tab holds the same state as JSON.
    raw = json.loads(driver.find_element(By.ID, "state-raw").get_attribute("textContent"))
    value = raw
    for key in STATE_PATH:
        value = value[key]
    assert json.dumps(value, ensure_ascii=False) == expected_value(seq), f"raw JSON has {value} at {STATE_PATH}"
    driver.find_element(By.ID, "tab-raw").click()
    wait_for(driver, "the raw JSON tab", lambda d: d.find_element(By.ID, "state-raw").is_displayed())
    driver.find_element(By.ID, "tab-tree").click()
    # Where it came from: the action line that sent it (every line sends one action).
    site = driver.find_element(By.ID, "state-from")
    assert site.is_displayed(), "the selected event does not say where it was sent from"
    assert site.text == f"sent from stdin:{seq}", f"where seq {seq} came from: {site.text!r}"


def diff_lines(driver):
    return driver.execute_script("""
      const t = document.getElementById('diff-text');
      return {from: t.dataset.from, to: t.dataset.to,
              del: [...t.querySelectorAll('.diff-del')].map(e => e.textContent),
              add: [...t.querySelectorAll('.diff-add')].map(e => e.textContent)};""")


def step_diff(driver, seq):
    driver.find_element(By.ID, "tab-diff").click()
    wait_for(driver, f"a -/+ diff from {seq - 1} to {seq}",
             lambda d: (lambda x: x["from"] == str(seq - 1) and x["to"] == str(seq) and x["del"] and x["add"])(diff_lines(d)))
    lines = diff_lines(driver)
    assert all(line.startswith("-") for line in lines["del"]) and all(line.startswith("+") for line in lines["add"])
    # Any two seqs: from 0 to the last.
    last = len(ACTION_LINES)
    for field, value in (("diff-from", 0), ("diff-to", last)):
        box = driver.find_element(By.ID, field)
        box.clear()
        box.send_keys(str(value))
    driver.find_element(By.ID, "diff-go").click()
    wait_for(driver, f"the diff from 0 to {last}",
             lambda d: (lambda x: x["from"] == "0" and x["to"] == str(last))(diff_lines(d)))


def step_time_travel(driver, seq):
    driver.find_element(By.ID, "tab-tree").click()
    driver.find_element(By.CSS_SELECTOR, f'#timeline .event-row[data-seq="{seq}"]').click()
    wait_state(driver, seq)
    # ArrowRight and ArrowLeft step the selection; the state follows.
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, f"seq {seq + 1} selected by ArrowRight", lambda d: selected_seqs(d) == [seq + 1]
             and d.find_element(By.ID, "slider").get_attribute("value") == str(seq + 1))
    wait_state(driver, seq + 1)
    driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait_for(driver, f"seq {seq} selected by ArrowLeft", lambda d: selected_seqs(d) == [seq])
    wait_state(driver, seq)
    # ArrowUp in the timeline.
    driver.find_element(By.ID, "timeline").send_keys(Keys.ARROW_UP)
    wait_for(driver, f"seq {seq - 1} selected by ArrowUp", lambda d: selected_seqs(d) == [seq - 1])
    wait_state(driver, seq - 1)
    # The slider, driven from the keyboard like a person would: Home, then End.
    slider = driver.find_element(By.ID, "slider")
    slider.send_keys(Keys.HOME)
    wait_for(driver, "seq 0 (the initial state) from the slider", lambda d: "seq 0" in state_title(d))
    wait_state(driver, 0)
    assert selected_seqs(driver) == [], "a row is still selected at seq 0"
    slider.send_keys(Keys.END)
    last = len(ACTION_LINES)
    wait_for(driver, f"seq {last} selected from the slider", lambda d: selected_seqs(d) == [last])
    wait_state(driver, last)
    # A quick run of keys: only the last answer may be shown.
    driver.find_element(By.CSS_SELECTOR, f'#timeline .event-row[data-seq="{last}"]').click()
    for _ in range(last - 1):
        driver.switch_to.active_element.send_keys(Keys.ARROW_LEFT)
    wait_state(driver, 1)


def step_token(url):
    parts = urllib.parse.urlsplit(url)
    base = f"{parts.scheme}://{parts.netloc}"
    token = urllib.parse.parse_qs(parts.query).get("token", [""])[0]
    status, _ = http_status(f"{base}/api/logs")
    assert status == 403, f"/api/logs without the token answered {status}, not 403"
    status, _ = http_status(f"{base}/")
    assert status == 403, f"/ without the token answered {status}, not 403"
    status, body = http_status(f"{base}/api/logs?token=wrong{token}")
    assert status == 403, f"/api/logs with a wrong token answered {status}, not 403"
    assert "error" in json.loads(body), f"a 403 from /api is not {{\"error\": …}}: {body[:200]!r}"
    status, body = http_status(f"{base}/api/logs?token={token}")
    assert status == 200 and "logs" in json.loads(body), f"/api/logs with the token answered {status}"
    status, _ = http_status(f"{base}/api/logs?token={token}", headers={"Host": f"evil.example:{parts.port}"})
    assert status == 403, f"a foreign Host header answered {status}, not 403"
    status, _ = http_status(f"{base}/api/logs?token={token}", method="POST")
    assert status == 405, f"POST answered {status}, not 405"


def step_live(driver, url, feed):
    """Opens a --follow server's page and waits for an event that arrives after it opened."""
    driver.get(url)
    wait_for(driver, "the live log's first rows", lambda d: len(row_seqs(d)) > 0)
    wait_for(driver, "the live note", lambda d: d.find_element(By.ID, "live-note").is_displayed())
    before = max(row_seqs(driver))
    feed()
    wait_for(driver, f"an event after seq {before} in the timeline", lambda d: max(row_seqs(d) or [0]) > before)
    newest = max(row_seqs(driver))
    # At the tail, the selection follows the new event.
    wait_for(driver, f"the selection following the tail to seq {newest}", lambda d: selected_seqs(d) == [newest])
    # Away from the tail, it stays where the user put it while events keep coming.
    earlier = newest - 1
    driver.find_element(By.CSS_SELECTOR, f'#timeline .event-row[data-seq="{earlier}"]').click()
    wait_for(driver, f"seq {earlier} selected", lambda d: selected_seqs(d) == [earlier])
    feed()
    wait_for(driver, f"an event after seq {newest}", lambda d: int(d.find_element(By.ID, "slider").get_attribute("max")) > newest)
    assert selected_seqs(driver) == [earlier], f"the selection moved from seq {earlier} to {selected_seqs(driver)}"
    assert f"seq {earlier}" in state_title(driver)


# ---- Running ---------------------------------------------------------------------------

def main():
    os.makedirs(ARTIFACTS, exist_ok=True)
    passed, failed = [], []
    cleanups = []
    driver = None

    def shot(name):
        if driver is not None:
            path = os.path.join(ARTIFACTS, f"{len(passed) + len(failed):02d}-{name}.png")
            driver.save_screenshot(path)
            return path

    def run(name, fn, *args):
        try:
            result = fn(*args)
        except Exception as e:
            failed.append(name)
            print(f"FAIL {name}: {e}", file=sys.stderr)
            traceback.print_exc()
            try:
                print(f"     screenshot: {shot('failed-' + name)}", file=sys.stderr)
                for entry in driver.get_log("browser")[-20:]:
                    print(f"     console: {entry.get('level')} {entry.get('message')}", file=sys.stderr)
            except Exception:
                pass
            return False
        if result == "skipped":
            print(f"skip {name}")
            return True
        passed.append(name)
        print(f"ok   {name}")
        shot(name)
        return True

    try:
        work = tempfile.mkdtemp(prefix="refold-devtools-test-")
        cleanups.append(lambda: shutil.rmtree(work, ignore_errors=True))
        cleanups.append(lambda: shutil.rmtree(DOWNLOADS, ignore_errors=True))
        url = os.environ.get("DEVTOOLS_URL")
        if not url:
            log = os.path.join(work, "session.log")
            record_log(REFOLD_BIN, log, ACTION_LINES)
            server = Server([log])
            cleanups.append(server.stop)
            url = server.url
        driver = make_driver()
        seq = pick_seq()
        ok = run("timeline", step_timeline, driver, url)
        ok = ok and run("filter", step_filter, driver)
        ok = ok and run("state", step_state, driver, seq)
        ok = ok and run("diff", step_diff, driver, seq)
        ok = ok and run("time-travel", step_time_travel, driver, seq)
        ok = ok and run("export", step_export, driver)
        run("token", step_token, url)
        run("live", live, driver, work, cleanups, run)
    except Exception as e:
        failed.append("setup")
        print(f"FAIL setup: {e}", file=sys.stderr)
        traceback.print_exc()
    finally:
        if driver is not None:
            driver.quit()
        for cleanup in reversed(cleanups):
            cleanup()
    print(f"{len(passed)} passed, {len(failed)} failed")
    print(f"screenshots: {ARTIFACTS}")
    return 1 if failed or not passed else 0


def live(driver, work, cleanups, run):
    follow_url = os.environ.get("DEVTOOLS_FOLLOW_URL")
    if os.environ.get("DEVTOOLS_URL"):
        if not follow_url:
            print("live: DEVTOOLS_URL is set without DEVTOOLS_FOLLOW_URL")
            return "skipped"
        step_live(driver, follow_url, lambda: None)  # that server's log grows by itself
        return
    log = os.path.join(work, "live.log")
    recorder = start_recording(REFOLD_BIN, log)

    def stop_recorder():
        if recorder.poll() is None:
            try:
                recorder.stdin.close()
                recorder.wait(timeout=10)
            except Exception:
                recorder.kill()
    cleanups.append(stop_recorder)
    lines = iter(ACTION_LINES * 4)

    def send(n):
        for _ in range(n):
            recorder.stdin.write(next(lines) + "\n")
        recorder.stdin.flush()
    send(2)
    # The log exists with its first events before devtools opens it.
    deadline = time.monotonic() + WAIT
    while not (os.path.exists(log) and '"seq":2' in open(log, encoding="utf-8").read()):
        assert recorder.poll() is None, f"the recording run exited early with {recorder.returncode}"
        assert time.monotonic() < deadline, "the recording run wrote no events within 10 s"
        time.sleep(POLL)
    server = Server(["--follow", log])
    cleanups.append(server.stop)
    step_live(driver, server.url, lambda: send(1))


if __name__ == "__main__":
    sys.exit(main())
