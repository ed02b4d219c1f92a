package main

import (
	"encoding/json"
	"fmt"
)

// printJSON writes v as one line of JSON, the last line of a --json command.
func printJSON(sio *stdio, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	_, err = fmt.Fprintf(sio.out, "%s\n", b)
	return err
}
