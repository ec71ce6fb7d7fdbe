# Targets a newcomer can guess. `make run` checks the bundled flows; `make test` runs
# everything CI runs. Both install what is missing first.
SWIFT ?= swift
PREFIX ?= /usr/local
# Staging root for packagers: make install DESTDIR=/tmp/pkg puts flowc in /tmp/pkg/usr/local/bin.
DESTDIR ?=
# On Linux the Swift runtime is linked in, so the installed flowc needs only libyaml.
RELEASE_FLAGS ?= $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
SWIFT_SOURCES = Sources Tests Package.swift Plugins Examples
# Every debug build and test run here passes the same flags, so that they share one build:
# SwiftPM compiles everything again when the flags change (`make run` then `make test` built
# flowc twice). Warnings are errors, as the project requires; WERROR= turns that off.
WERROR ?= -Xswiftc -warnings-as-errors
# Package.swift leaves test targets out when this is 1; only `make sanitize` sets it, on its
# own commands, so that one set in the shell cannot drop tests from `make test`.
unexport FLOWC_SANITIZER_BUILD

.PHONY: run test deps test-deps build lint format goldens docs lists props bench sanitize fuzz install uninstall example

## Install libyaml if it is missing: all that building and running flowc needs.
deps:
	@scripts/install-deps.sh

## Also install what the tests need if it is missing: Graphviz, and check-jsonschema in a
## virtual environment under .build/ (never into the system's Python).
test-deps:
	@scripts/install-deps.sh --tests

## Build flowc and check the example app in flows/.
run: deps
	$(SWIFT) build --product flowc $(WERROR)
	.build/debug/flowc check flows/

## Build with warnings as errors, check formatting, and run the whole test suite, which also
## type-checks the UIKit side against the UIKit stubs (IOSCheckTests runs scripts/check-ios.sh:
## Linux has no UIKit). The tests are swift-testing's: XCTest's pass would find none and print
## "Executed 0 tests" first.
## It builds the test product (SwiftPM names it after the package), which holds every test
## target and needs flowc, rather than `--build-tests`, which also compiled flowc and its
## modules a second time as the build plugin's tool, which no test runs.
TEST_PRODUCT = flowcPackageTests
test: test-deps lint
	$(SWIFT) build --product $(TEST_PRODUCT) $(WERROR)
	$(SWIFT) test --skip-build --disable-xctest

build:
	$(SWIFT) build $(WERROR)

## Build the example app package (Examples/ShopApp) with the build plugin and run its tests.
example: deps
	$(SWIFT) test --package-path Examples/ShopApp

## Fail on code that swift-format would change.
lint:
	$(SWIFT) format lint --strict -r $(SWIFT_SOURCES)

## Format the code in place.
format:
	$(SWIFT) format -i -r $(SWIFT_SOURCES)

## Rewrite the golden files from the current output; review the diff like code. First the
## Swift of the example app (Tests/ExampleAppTests/Generated/, which ExampleAppTests compiles)
## and of the shared screens fixture (Tests/SharedScreenAppTests/Generated/, likewise),
## with flowc itself so that it works even when the old goldens no longer compile; then
## Tests/Goldens/.
goldens:
	$(SWIFT) build --product flowc $(WERROR)
	.build/debug/flowc generate flows --output Tests/ExampleAppTests/Generated
	.build/debug/flowc generate Tests/Fixtures/shared-screens --output Tests/SharedScreenAppTests/Generated
	FLOWC_UPDATE_GOLDENS=1 $(SWIFT) test $(WERROR) --filter Golden

## Regenerate the generated documentation: docs/rules.md, and the picture of the example
## app, docs/flows.svg, rendered by Graphviz from docs/flows.dot.
docs: test-deps
	$(SWIFT) build --product flowc $(WERROR)
	.build/debug/flowc rules --format markdown > docs/rules.md
	.build/debug/flowc graph flows/ > docs/flows.dot
	dot -Tsvg docs/flows.dot -o docs/flows.svg

## Rewrite the lists made from the rules (RuleListsTests fails while one is stale): first
## RuleRegistry.all from the rule types in Sources/FlowCore/Rules/, then, built with it, the
## schema's ruleID enum, the README's table of rules and docs/rules.md from the registry.
lists:
	FLOWC_UPDATE_LISTS=1 $(SWIFT) test $(WERROR) --filter RuleListsTests
	FLOWC_UPDATE_LISTS=1 $(SWIFT) test $(WERROR) --filter RuleListsTests

## Property tests with many more seeds than CI runs (PROPS=count, SEED=first seed), the
## generated Swift of PROPS_COMPILE of them compiled in one package (about 1 s a module), and
## the deep links of PROPS_REPLAY modules replayed on their generated Swift (about 2 s a module).
PROPS ?= 50000
PROPS_COMPILE ?= 300
PROPS_REPLAY ?= 100
SEED ?= 1000
props:
	FLOWC_PROPS_COUNT=$(PROPS) FLOWC_PROPS_COMPILE_COUNT=$(PROPS_COMPILE) \
	  FLOWC_PROPS_REPLAY_COUNT=$(PROPS_REPLAY) FLOWC_PROPS_SEED=$(SEED) \
	  $(SWIFT) test $(WERROR) --filter PropertyTests

## Benchmark flowc against libyaml's own event loop (see Benchmarks/bench.py), and with
## BASELINE=path/to/flowc against another build of flowc, in the same run.
BASELINE ?=
bench: deps
	python3 Benchmarks/bench.py $(if $(BASELINE),--baseline $(BASELINE),)

## Run the tests under AddressSanitizer (with leak checks) and ThreadSanitizer.
## LeakSanitizer does not print the suppressions it used: the tests compare what flowc
## prints (the docs' console blocks) byte for byte.
## The in-process property tests check SANITIZE_PROPS random modules under each sanitizer
## (make test checks 1,000): the code paths are the same, and a sanitizer finds what it finds
## in the first few hundred; each module costs several times more instrumented.
## Neither builds nor runs the example apps' tests (their code is FlowRuntime on the main
## actor, which FlowRuntimeTests runs under both), nor builds the plugins (whose tool is a
## second flowc no test runs): FLOWC_SANITIZER_BUILD=1 makes Package.swift leave those
## targets out. ThreadSanitizer runs of the tests that start the built flowc only
## those in which flowc's own threads run (watch, the language server):
## docs/development.md, "What the sanitizer runs skip".
SANITIZE_PROPS ?= 200
TSAN_SKIP = --skip 'flowcTests\.(?!WatchCommandTests|LanguageServerEndToEndTests)'
## ThreadSanitizer's build compiles while AddressSanitizer's tests run, which leave a core idle
## part of the time (they wait on the watcher's polling, the editors, the scripts); its log
## is printed if it fails.
sanitize: test-deps
	FLOWC_SANITIZER_BUILD=1 $(SWIFT) build --build-tests --sanitize=address --build-path .build/asan
	@FLOWC_SANITIZER_BUILD=1 $(SWIFT) build --build-tests --sanitize=thread --build-path .build/tsan \
	  > .build/tsan-build.log 2>&1 & build=$$!; \
	echo "ThreadSanitizer's build runs beside AddressSanitizer's tests (.build/tsan-build.log)"; \
	FLOWC_SANITIZER_BUILD=1 FLOWC_PROPS_COUNT=$(SANITIZE_PROPS) LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 $(SWIFT) test --skip-build --sanitize=address --build-path .build/asan; tests=$$?; \
	wait $$build; built=$$?; \
	if [ $$built -ne 0 ]; then cat .build/tsan-build.log; fi; \
	[ $$tests -eq 0 ] && [ $$built -eq 0 ]
	FLOWC_SANITIZER_BUILD=1 FLOWC_PROPS_COUNT=$(SANITIZE_PROPS) TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --build-path .build/tsan $(TSAN_SKIP)

## Fuzz the whole front end, the checks and every output format (FUZZ_SECONDS, default 600).
FUZZ_SECONDS ?= 600
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

## Build flowc for release and install it as $(DESTDIR)$(PREFIX)/bin/flowc.
install:
	$(SWIFT) build -c release --product flowc $(RELEASE_FLAGS)
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c release $(RELEASE_FLAGS) --show-bin-path)/flowc" \
		"$(DESTDIR)$(PREFIX)/bin/flowc"

## Remove what 'make install' installed.
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/flowc"
