package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCLI runs the command line in process and returns stdout, stderr and
// the exit status.
func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &stdio{in: strings.NewReader(stdin), out: &out, err: &errb})
	return out.String(), errb.String(), code
}

func TestHelpEverywhere(t *testing.T) {
	var walk func(c *command, path []string)
	walk = func(c *command, path []string) {
		out, _, code := runCLI(t, "", append(path, "--help")...)
		if code != 0 || !strings.Contains(out, "usage:") {
			t.Errorf("%v --help: exit %d, output %q", path, code, out)
		}
		for _, s := range c.subs {
			walk(s, append(append([]string(nil), path...), s.name))
		}
	}
	walk(root, nil)
}

func TestUnknownCommand(t *testing.T) {
	_, errs, code := runCLI(t, "", "no-such-command")
	if code != 2 || !strings.Contains(errs, `unknown command "no-such-command"`) {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestVersion(t *testing.T) {
	out, _, code := runCLI(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "tengen ") {
		t.Errorf("exit %d, output %q", code, out)
	}
}
