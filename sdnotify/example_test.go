package sdnotify_test

import (
	"context"
	"log"

	"tengen/sdnotify"
)

// A service started by systemd with Type=notify and WatchdogSec= says when
// it is ready and keeps the watchdog fed while its main loop is healthy.
func Example() {
	n, err := sdnotify.FromEnv()
	if err != nil {
		log.Print(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go n.Heartbeat(ctx, func() error { return nil /* main loop made progress recently */ })
	n.Ready("waiting for a visitor")
	// ... the main loop ...
	n.Stopping("parking the arm and saving the game")
	// Output:
}
