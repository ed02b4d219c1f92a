package arm_test

import (
	"fmt"
	"testing"

	"tengen/arm"
	"tengen/i18n"
)

func TestFaultWords(t *testing.T) {
	zh := &i18n.Printer{Lang: i18n.Simplified}
	for _, c := range []struct {
		f      arm.Faults
		en, zh string
	}{
		{0, "no faults", "没有故障"},
		{arm.FaultEStop, "e-stop pressed", "急停已按下"},
		{arm.FaultEStop | arm.FaultHostSilent | arm.FaultReset, "e-stop pressed, host silent, device reset", "急停已按下、主机无响应、控制板重新启动"},
		{arm.FaultQueueUnder | 1<<12, "queue ran dry, unknown fault bits 0x1000", "动作队列中途用完、未知的故障位0x1000"},
	} {
		if got := c.f.String(); got != c.en {
			t.Errorf("%d: %q, want %q", c.f, got, c.en)
		}
		err := fmt.Errorf("placing h8: %w", &arm.FaultError{Faults: c.f})
		if got, want := zh.Error(err), "placing h8: 机械臂故障："+c.zh; got != want {
			t.Errorf("%d in Chinese: %q, want %q", c.f, got, want)
		}
		if got, want := err.Error(), "placing h8: device fault: "+c.en; got != want {
			t.Errorf("%d: %q, want %q", c.f, got, want)
		}
	}
}
