# Refold's two entry points on a fresh machine: `make demo` and `make test`.
# Each first installs what is missing (json-c's headers, and for the tests GNU time, through
# scripts/install-deps.sh).

SWIFT ?= swift

.PHONY: all deps test-deps build test browser-tests stress-tests docs crash-trials demo fuzz fuzz-long asan tsan clean

all: build

deps:
	@./scripts/install-deps.sh

test-deps:
	@./scripts/install-deps.sh --for-tests

build: deps
	$(SWIFT) build

# The layers are checked first (scripts/check-layers.sh: which target may import which), then
# the test binary is built, so that a compile error stops here, with its message.
# Each test target runs a few suites per process, under a watchdog (scripts/run-tests.sh): a
# hang prints the stuck process's threads and the tests that never ended, and fails at once,
# never run again (docs/test-stall.md).
TEST_TARGETS = $(notdir $(wildcard Tests/*Tests))

test: test-deps
	./scripts/check-layers.sh
	$(SWIFT) build --build-tests
	@for target in $(TEST_TARGETS); do \
	  echo "== $$target"; \
	  ./scripts/run-tests.sh "$$target" || exit 1; \
	done

# `refold devtools` in headless Chromium: installs Debian's chromium and chromium-driver and
# Selenium (in .build/browser-venv) when missing; screenshots go to .build/browser-artifacts.
browser-tests: deps
	$(SWIFT) build --product refold
	./scripts/browser-tests.sh

# The clock-driven effect and TestStore suites (and a user's, in Examples/Counter) 50 times with
# both cores busy, in a debug build and under ThreadSanitizer (docs/test-stall.md).
stress-tests: deps
	./scripts/stress-tests.sh --runs 50
	./scripts/stress-tests.sh --runs 50 --sanitize thread

# The DocC catalogs of Store, StoreCore, EventLog, Effects, LogUpload and Host, warnings as errors.
docs: deps
	./scripts/docs.sh

# The crash harness at length: 100 SIGKILLed recordings per fsync policy instead of 20.
# REFOLD_CRASH_SEED=N runs again the trials a failure printed the seed of.
crash-trials: deps
	$(SWIFT) build --build-tests
	REFOLD_CRASH_TRIALS=100 $(SWIFT) test --skip-build --filter CrashHarnessTests

demo: deps
	$(SWIFT) run refold demo

# The libFuzzer target on the event log and the codec (docs/fuzzing.md): 90 seconds, and
# ten million inputs over two processes (about 1.5 hours on an idle 2-core machine, over 2 when shared).
fuzz: deps
	./scripts/fuzz.sh --seconds 90

fuzz-long: deps
	./scripts/fuzz.sh --runs 10000000 --jobs 2

# The core's tests under AddressSanitizer (and LeakSanitizer), the library optimized.
asan: deps
	./scripts/asan.sh

# StoreTests, EffectsTests, ReducersTests and HostTests under ThreadSanitizer, the library optimized.
tsan: deps
	./scripts/tsan.sh

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan .build-tsan-debug .build-docs .build-ci .build-release
