package sdnotify_test

import (
	"context"
	"log"
	"time"

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
	var progress sdnotify.Progress
	// Heartbeats stop, and systemd restarts the service, when the main
	// loop has not marked progress for 20 s.
	go n.Heartbeat(ctx, progress.Within(20*time.Second))
	n.Ready("waiting for a visitor")
	for range 3 { // the main loop
		progress.Mark()
	}
	n.Stopping("parking the arm and saving the game")
	// Output:
}
