package doctor

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// ParseEnvFile reads the service's environment file (/etc/tengen/tengen.env,
// systemd's EnvironmentFile= format restricted to what the installer
// writes): KEY=VALUE lines, blank lines and # comments, values optionally
// in double or single quotes. name is used in error messages.
func ParseEnvFile(r io.Reader, name string) (map[string]string, error) {
	env := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		key = strings.TrimSpace(key)
		if !ok || !validEnvKey(key) {
			return nil, fmt.Errorf("%s:%d: want KEY=VALUE, got %q", name, n, line)
		}
		val = strings.TrimSpace(val)
		if len(val) >= 2 && (val[0] == '"' || val[0] == '\'') {
			if val[len(val)-1] != val[0] {
				return nil, fmt.Errorf("%s:%d: %s: unterminated quote", name, n, key)
			}
			val = val[1 : len(val)-1]
		}
		env[key] = val
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return env, nil
}

func validEnvKey(k string) bool {
	if k == "" || (k[0] >= '0' && k[0] <= '9') {
		return false
	}
	for _, c := range k {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// ReadEnvFile reads the service's environment file at path
// (ParseEnvFile); a file that does not exist holds no settings.
func ReadEnvFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseEnvFile(f, path)
}

// Apply sets the fields of cfg named in the service's environment:
// TENGEN_ARM, TENGEN_PORT, TENGEN_CAMERA, TENGEN_DATA (the calibration
// file lives in it as calibration.yaml), LD_PRELOAD.
func (cfg *Config) Apply(env map[string]string) error {
	if v, ok := env["TENGEN_ARM"]; ok {
		switch v {
		case ArmSerial, ArmPi, ArmSim:
			cfg.Arm = v
		default:
			return fmt.Errorf("TENGEN_ARM=%q: want %s, %s or %s", v, ArmSerial, ArmPi, ArmSim)
		}
	}
	if v := env["TENGEN_PORT"]; v != "" {
		cfg.Port = v
	}
	if v, ok := env["TENGEN_CAMERA"]; ok {
		cfg.Camera = v
	}
	if v, ok := env["LD_PRELOAD"]; ok {
		cfg.Preload = v
	}
	if v := env["TENGEN_DATA"]; v != "" {
		cfg.DataDir = v
		cfg.Calibration = strings.TrimSuffix(v, "/") + "/calibration.yaml"
	}
	return nil
}
