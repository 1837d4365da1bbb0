package spine_test

import (
	"fmt"
	"os"

	"github.com/ikanim/kit/ikanim/spine"
)

// A two-bone arm in Spine's frame (y up, counter-clockwise degrees): the
// upper arm points up from (0, 50), the forearm is turned 90 degrees
// counter-clockwise, to the left. On the rig's y-down screen it is the
// same picture: up is a negative y, and the forearm still points left.
func ExampleParse() {
	skel, err := spine.Parse([]byte(`{
		"skeleton": {"spine": "4.2.43"},
		"bones": [
			{"name": "root"},
			{"name": "upper", "parent": "root", "y": 50, "length": 30, "rotation": 90},
			{"name": "fore", "parent": "upper", "x": 30, "length": 20, "rotation": 90}
		],
		"animations": {"wave": {"bones": {"fore": {"rotate": [{"value": 0}, {"time": 0.5, "value": -90}, {"time": 1, "value": 0}]}}}}
	}`), nil)
	if err != nil {
		panic(err)
	}
	model, err := skel.Build(nil) // no sprites: nothing is drawn
	if err != nil {
		panic(err)
	}
	arm, err := model.NewRig()
	if err != nil {
		panic(err)
	}
	fore := model.Def.BoneIndex("fore")
	elbow, hand := arm.Joint(fore)
	fmt.Printf("setup: elbow (%.0f, %.0f), hand (%.0f, %.0f)\n", elbow[0], elbow[1], hand[0], hand[1])

	arm.Source = model.Clip("wave")
	arm.Time = 0.5 // the key at 0.5 s: the forearm turned 90 degrees clockwise, up
	arm.Update(0)
	_, hand = arm.Joint(fore)
	fmt.Printf("wave at 0.5 s: hand (%.0f, %.0f)\n", hand[0], hand[1])
	// Output:
	// setup: elbow (0, -80), hand (-20, -80)
	// wave at 0.5 s: hand (0, -100)
}

// A biped with IK legs: the feet stand on their target bones, the knees
// bend forward (bendPositive false), and the walk moves the targets.
func ExampleModel_NewRig() {
	data, err := os.ReadFile("testdata/biped.json")
	if err != nil {
		panic(err)
	}
	skel, err := spine.Parse(data, nil)
	if err != nil {
		panic(err)
	}
	model, err := skel.Build(nil)
	if err != nil {
		panic(err)
	}
	for _, l := range skel.Limbs {
		fmt.Printf("limb %s: %v %v, bend %+.0f\n", l.Name, l.Solver, l.Bones, l.Bend)
	}
	hero, err := model.NewRig() // with the IKTargets controller
	if err != nil {
		panic(err)
	}
	hero.Source = model.Clip("walk")
	hero.Time = 0.5
	hero.Update(0)
	_, ankle := hero.Joint(model.Def.BoneIndex("shin.front"))
	fmt.Printf("front ankle at 0.5 s: (%.1f, %.1f)\n", ankle[0], ankle[1])
	fmt.Println(len(skel.Skipped), "notes, e.g.:", skel.Skipped[2])
	// Output:
	// limb leg.back: two-bone [thigh.back shin.back], bend -1
	// limb leg.front: two-bone [thigh.front shin.front], bend -1
	// limb aim: look-at [arm], bend +0
	// front ankle at 0.5 s: (8.0, -10.0)
	// 3 notes, e.g.: animation "walk": bone "hip": translate timeline not imported (only the root bone's and IK targets' translations are)
}
