# Refold's two entry points on a fresh machine: `make demo` and `make test`.
# Each first installs what is missing (json-c's headers, through scripts/install-deps.sh).

SWIFT ?= swift

.PHONY: all deps build test demo clean

all: build

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The test binary is built first so that a compile error stops here, with its message.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

demo: deps
	$(SWIFT) run refold demo

clean:
	rm -rf .build
