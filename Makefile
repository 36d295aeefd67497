# Conveniences over scripts/; the README's two commands are scripts/quickstart and scripts/test.
.PHONY: build release run test bench clean

build:
	swift build

release:
	swift build -c release --product loadrun

run:
	scripts/quickstart

test:
	scripts/test

bench:
	scripts/bench

clean:
	rm -rf .build
