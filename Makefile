# Refold's two entry points on a fresh machine: `make demo` and `make test`.
# Each first installs what is missing (json-c's headers, through scripts/install-deps.sh).

SWIFT ?= swift

.PHONY: all deps build test crash-trials demo clean

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The test binary is built first so that a compile error stops here, with its message.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The crash harness at length: 100 SIGKILLed recordings per fsync policy instead of 20.
# REFOLD_CRASH_SEED=N runs again the trials a failure printed the seed of.
crash-trials: deps
	$(SWIFT) build --build-tests
	REFOLD_CRASH_TRIALS=100 $(SWIFT) test --skip-build --filter CrashHarnessTests

demo: deps
	$(SWIFT) run refold demo

clean:
	rm -rf .build
