package ikanim

import (
	"math"
	"strings"
	"testing"
)

// A NaN or infinite number in a ClipSpec is named by its place, as a bad
// value in a clip file is.
func TestClipSpecNamesANonFiniteNumber(t *testing.T) {
	def, err := NewBipedDef(BipedSizes{}, BipedSprites{})
	if err != nil {
		t.Fatal(err)
	}
	nan := math.NaN()
	for _, tc := range []struct {
		spec ClipSpec
		want string
	}{
		{ClipSpec{Name: "a", Duration: 1, Tracks: []TrackSpec{{Bone: BoneHead, Keys: []AngleKey{{T: 0, Deg: 0}, {T: 0.5, Deg: nan}}}}}, `track 0 (bone "head") key 1`},
		{ClipSpec{Name: "b", Duration: math.Inf(1)}, "duration"},
		{ClipSpec{Name: "c", Duration: 1, Root: []PointKey{{T: 0, Y: nan}}}, "root key 0"},
		{ClipSpec{Name: "d", Duration: 1, IK: []IKSpec{{Limb: LimbArmFar, Weight: []ScalarKey{{T: 0, V: nan}}}}}, `ik 0 (limb "arm.far") weight key 0`},
		{ClipSpec{Name: "e", Duration: 1, Events: []EventSpec{{T: nan, Name: "x"}}}, `event 0 ("x")`},
	} {
		_, err := tc.spec.Build(def)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `clip "`+tc.spec.Name+`"`) {
			t.Errorf("%s: err %v, want one naming %s", tc.spec.Name, err, tc.want)
		}
	}
}
