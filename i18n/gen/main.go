// Command gen writes the i18n catalogue as the web page reads it.
//
//	go run ./i18n/gen -o web/static/i18n.json
package main

import (
	"flag"
	"fmt"
	"os"

	"tengen/i18n"
)

func main() {
	out := flag.String("o", "i18n.json", "file to write")
	flag.Parse()
	b, err := i18n.PageJSON()
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
