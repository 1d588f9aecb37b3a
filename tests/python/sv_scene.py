"""tests/c/sv_scene.c through the Python API (tests/supervisor_scene.rs, world SCENE_WORLD): exports, the
PROTO API, removal and import of nodes, node states, tracking, labels, world saving, and the calls a
headless run answers with Webots' failure values; each call's exact stderr."""

from check import all_nan, expect_stderr, invalid_node, vector
from controller import Field, Node, Proto, Supervisor

sv = Supervisor()


def node(name: str) -> Node:
    n = sv.getFromDef(name)
    assert n is not None, f'no node {name}'
    return n


def field_of(n: Node, name: str) -> Field:
    f = n.getField(name)
    assert f is not None, f'no field {name}'
    return f


def exports():
    assert node('BOX').exportString() == ('DEF BOX Solid {\n  translation 1 0 0\n  children [\n    DEF KID Pose {\n'
                                          '      translation 0 1 0\n    }\n  ]\n  name "box"\n}')
    assert node('OUT').exportString() == ('DEF OUT Outer {\n  more [\n    DEF INNER Solid {\n      name "inner"\n'
                                          '    }\n  ]\n  height 3\n}')


def protos():
    out = node('OUT')
    outer = out.getProto()
    assert isinstance(outer, Proto), 'OUT has no PROTO'
    assert out.getProto() == outer, 'a second getProto gives another PROTO'
    assert (outer.getTypeName(), outer.isDerived(), outer.getNumberOfFields()) == ('Outer', True, 2)
    height = outer.getField('height')
    assert height is not None and height != field_of(out, 'height'), "the PROTO's field is a field of its own"
    assert height.getSFFloat() == 3
    assert height.getActualField() == field_of(out, 'height'), 'actual field of Outer.height'
    expect_stderr('Error: wb_supervisor_field_set_sf_float() called on a read-only PROTO internal field.\n',
                  lambda: height.setSFFloat(1.0))
    assert outer.getFieldByIndex(0) == outer.getField('more'), 'by index'
    assert outer.getFieldByIndex(2) is None, 'past the last field'
    assert expect_stderr('Error: wb_supervisor_proto_get_field_by_index() called with a negative \'index\' argument: '
                         '-1.\n', lambda: outer.getFieldByIndex(-1)) is None
    assert expect_stderr('Error: wb_supervisor_proto_get_field() called with a NULL or empty \'field_name\' '
                         'argument.\n', lambda: outer.getField('')) is None
    assert outer.getField('nope') is None, 'unknown field'

    # the PROTO Outer is built on: its parameters as Outer's body sets them
    wrap = outer.getParent()
    assert wrap is not None and wrap.type_name == 'Wrap' and not wrap.isDerived()
    assert wrap.getParent() is None, 'Wrap has no parent'
    h = wrap.getField('h')
    assert h.getSFFloat() == 3 and h.getActualField() == field_of(out, 'height'), 'Wrap.h IS Outer.height'
    inside = wrap.getField('inside')
    assert inside.getCount() == 1 and inside.getMFNode(0) == node('INNER'), 'Wrap.inside holds INNER'

    # a derived PROTO that sets its parent's parameter to a constant: no scene-tree field behind it
    fixed = node('FIX').getProto()
    assert (fixed.getTypeName(), fixed.number_of_fields) == ('Fixed', 0)
    fixed_h = fixed.getParent().getField('h')
    assert fixed_h.getSFFloat() == 5 and fixed_h.getActualField() is None, 'a constant has no actual field'

    # base node fields: the parameter that sets them, if any
    assert out.getBaseNodeField('name').getActualField() is None, 'name is set by no parameter'
    visible = field_of(node('BOX'), 'translation')
    assert visible.getActualField() == visible, 'a writable field is its own actual field'
    assert expect_stderr('', node('BOX').getProto) is None, 'BOX is no PROTO'

    # writing the instance's parameter reaches the PROTOs below it
    field_of(out, 'height').setSFFloat(4.5)
    sv.step(32)
    assert height.getSFFloat() == 4.5 and h.getSFFloat() == 4.5


def removal_and_import():
    root = sv.getRoot()
    children = field_of(root, 'children')
    roots = children.getCount()
    box = node('BOX')
    box_children = field_of(box, 'children')

    # removal: the node leaves the scene, its reference dies
    kid = node('KID')
    kid.remove()
    assert sv.getFromDef('KID') is None, 'KID still found'
    assert box_children.getCount() == 0
    assert expect_stderr(invalid_node('wb_supervisor_node_get_id'), kid.getId) == -1
    expect_stderr(invalid_node('wb_supervisor_node_remove'), kid.remove)
    expect_stderr(invalid_node('wb_supervisor_node_remove'), root.remove)
    expect_stderr('Error: wb_supervisor_node_remove() called with a Viewpoint or WorldInfo node.\n',
                  sv.getFromId(2).remove)

    # import at the top level, into a Solid's children, into a PROTO parameter, into an SFNode
    children.importMFNodeFromString(-1, 'DEF NEW Solid { translation 0 0 2 name "new" }')
    assert children.getCount() == roots + 1
    fresh = node('NEW')
    assert children.getMFNode(-1) == fresh, 'NEW is not last'
    vector(fresh.getPosition(), 0, 0, 2)
    assert fresh.getParentNode() == root and fresh.getId() > 0, "NEW's parent and id"
    box_children.importMFNodeFromString(0, 'DEF P1 Pose { translation 1 0 0 } DEF P2 Pose { }')
    assert box_children.getCount() == 2 and node('P1').getParentNode() == box, "P1's parent"
    vector(node('P1').getPosition(), 2, 0, 0)
    children.importMFNodeFromString(0, 'DEF OUT2 Outer { height 7 }')
    assert node('OUT2').getTypeName() == 'Outer' and field_of(node('OUT2'), 'height').getSFFloat() == 7
    out = node('OUT')
    field_of(out, 'more').importMFNodeFromString(-1, 'DEF EXTRA Solid { name "extra" }')
    assert field_of(out, 'more').getCount() == 2
    assert node('EXTRA').getParentNode().getType() == Node.GROUP
    bounds = field_of(box, 'boundingObject')
    bounds.importSFNodeFromString('Box { size 1 2 3 }')
    shape = bounds.getSFNode()
    assert shape is not None and shape.getType() == Node.BOX, 'boundingObject not imported'
    vector(field_of(shape, 'size').getSFVec3f(), 1, 2, 3)

    # import misuse
    expect_stderr('Error: wb_supervisor_field_import_sf_node_from_string() called with a non-empty field.\n',
                  lambda: bounds.importSFNodeFromString('Sphere { }'))
    expect_stderr('Error: wb_supervisor_field_import_mf_node_from_string() called with a wrong field type: SFNode.\n',
                  lambda: bounds.importMFNodeFromString(0, 'Sphere { }'))
    expect_stderr('Error: wb_supervisor_field_import_sf_node_from_string() called with a wrong field type: MFNode.\n',
                  lambda: box_children.importSFNodeFromString('Sphere { }'))
    expect_stderr('Error: wb_supervisor_field_import_mf_node_from_string() called with a NULL or empty '
                  '\'node_string\' argument.\n', lambda: box_children.importMFNodeFromString(0, ''))
    expect_stderr('Error: wb_supervisor_field_import_mf_node_from_string() called with an out-of-bound index: 3 '
                  '(should be between -3 and 2).\n', lambda: box_children.importMFNodeFromString(3, 'Pose { }'))
    # text that does not parse: the world says why (on its output), nothing is added
    box_children.importMFNodeFromString(0, 'Pose { translation 1 ')
    assert box_children.getCount() == 2

    # removal through fields
    bounds.removeSF()
    assert bounds.getSFNode() is None, 'boundingObject not removed'
    expect_stderr('Error: wb_supervisor_field_remove_sf() called for an empty field.\n', bounds.removeSF)
    expect_stderr('Error: wb_supervisor_field_remove_sf() called with wrong field type: MFNode.\n',
                  box_children.removeSF)
    p1 = node('P1')
    box_children.removeMF(0)
    assert box_children.getCount() == 1 and sv.getFromDef('P1') is None, 'P1 still found'
    expect_stderr(invalid_node('wb_supervisor_node_get_type'), p1.getType)
    box_children.removeMF(-1)
    expect_stderr('Error: wb_supervisor_field_remove_mf() called for an empty field.\n',
                  lambda: box_children.removeMF(0))


def states():
    box = node('BOX')
    translation = field_of(box, 'translation')
    box.saveState('start')
    translation.setSFVec3f([5, 5, 5])
    sv.step(32)
    vector(translation.getSFVec3f(), 5, 5, 5)
    box.loadState('start')
    vector(translation.getSFVec3f(), 1, 0, 0)
    translation.setSFVec3f([2, 0, 0])
    sv.step(32)
    box.loadState('__init__')
    vector(translation.getSFVec3f(), 1, 0, 0)


def tracking():
    box = node('BOX')
    translation = field_of(box, 'translation')
    expect_stderr('Error: wb_supervisor_node_enable_pose_tracking() called with negative sampling period.\n',
                  lambda: box.enablePoseTracking(-1))
    expect_stderr('Error: wb_supervisor_field_enable_sf_tracking() called with negative sampling period.\n',
                  lambda: translation.enableSFTracking(-1))
    box.enablePoseTracking(32)
    translation.enableSFTracking(32)
    sv.step(32)
    # between stepBegin and stepEnd no request can be made: tracked values need none
    sv.stepBegin(32)
    vector(expect_stderr('', box.getPose), 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
    vector(expect_stderr('', translation.getSFVec3f), 1, 0, 0)
    expect_stderr('Warning: wb_supervisor_node_get_position(): functions with immediate requests to Webots cannot be '
                  'implemented in-between wb_robot_step_begin() and wb_robot_step_end()!\n', box.getPosition)
    sv.stepEnd()
    box.disablePoseTracking()
    translation.disableSFTracking()
    sv.step(32)
    sv.stepBegin(32)
    expect_stderr('Warning: wb_supervisor_field_get_sf_vec3f(): functions with immediate requests to Webots cannot '
                  'be implemented in-between wb_robot_step_begin() and wb_robot_step_end()!\n', translation.getSFVec3f)
    sv.stepEnd()


def headless():
    sv.setLabel(0, 'score: 3', 0.1, 0.1, 0.2, 0xff0000)
    sv.setLabel(1, 'first', 0.5, 0.5, 0.2, 0x00ff00, 0.5, 'Arial')
    sv.setLabel(1, 'second', 0.5, 0.5, 0.2, 0x00ff00, transparency=0.5)
    expect_stderr('Error: wb_supervisor_set_label() called with x parameter outside of [0,1] range.\n',
                  lambda: sv.setLabel(2, 'x', 2, 0, 0, 0))
    expect_stderr('Error: wb_supervisor_set_label() called with transparency parameter outside of [0,1] range.\n',
                  lambda: sv.setLabel(2, 'x', 0, 0, 0, 0, -1))

    # the Viewpoint's picture, rendered by the world's ray caster (tests/supervisor_scene.rs reads it)
    expect_stderr('', lambda: sv.exportImage('view.png', 90))
    expect_stderr('Error: wb_supervisor_export_image(): \'quality\' argument (0) must be between 1 and 100.\n',
                  lambda: sv.exportImage('view.jpg', 0))
    assert not sv.movieFailed() and sv.movieIsReady(), 'no movie yet'
    expect_stderr('Error: wb_supervisor_movie_start_recording(): no movie recorded: cannot write '
                  '\'/nonexistent-folder/run.mp4\': no such folder.\n',
                  lambda: sv.movieStartRecording('/nonexistent-folder/run.mp4', 640, 480, 0, 90, 1, False))
    assert sv.movieFailed() and sv.movieIsReady(), 'the movie failed'
    expect_stderr('Error: wb_supervisor_movie_start_recording(): \'width\' and \'height\' arguments must be '
                  'postitive.\n', lambda: sv.movieStartRecording('run.mp4', 0, 480, 0, 90, 1, False))
    expect_stderr('', sv.movieStopRecording)
    assert not expect_stderr('Error: the target file given to wb_supervisor_animation_start_recording() should have '
                             'the \'.html\' extension.\n', lambda: sv.animationStartRecording('run.txt'))
    assert not expect_stderr('Error: wb_supervisor_animation_start_recording(): cannot write '
                             '/nonexistent-folder/run.html: No such file or directory (os error 2)\n',
                             lambda: sv.animationStartRecording('/nonexistent-folder/run.html'))
    assert not expect_stderr('Error: wb_supervisor_animation_stop_recording(): no animation is being recorded.\n',
                             sv.animationStopRecording), 'animation stopped'

    assert not sv.virtualRealityHeadsetIsUsed(), 'a headset'
    all_nan(sv.virtualRealityHeadsetGetPosition(), 3)
    all_nan(sv.virtualRealityHeadsetGetOrientation(), 9)
    assert sv.getSelected() is None, 'a selected node'
    box = node('BOX')
    expect_stderr('', box.moveViewpoint)
    expect_stderr('', lambda: box.setVisibility(sv.getFromId(2), False))
    expect_stderr('Error: wb_supervisor_node_set_visibility() called with a \'from\' argument which is not the '
                  'viewpoint or a camera, lidar or range-finder device.\n', lambda: box.setVisibility(box, False))


def world_file():
    assert sv.worldSave('saved.wbt'), 'world not saved'
    with open('saved.wbt') as f:
        text = f.read()
    assert text.startswith('#VRML_SIM R2025a utf8\n'), text[:40]
    assert 'DEF BOX Solid {' in text and 'DEF NEW Solid {' in text and 'DEF KID' not in text, text
    assert not expect_stderr('Error: the target file given to wb_supervisor_world_save() should have the \'.wbt\' '
                             'extension.\n', lambda: sv.worldSave('saved.txt')), 'saved as txt'


def misuse():
    """The Python side's own: a TypeError naming the method."""
    box = node('BOX')
    for call in (lambda: box.setVisibility(None, False), lambda: box.loadState(None),
                 lambda: field_of(box, 'children').importMFNodeFromString('0', 'Pose { }'),
                 lambda: sv.setLabel(0, 3, 0, 0, 0, 0), lambda: sv.worldSave(7), lambda: box.getPose('world')):
        try:
            call()
            raise AssertionError('no TypeError')
        except TypeError as e:
            print('TypeError:', e)


exports()
protos()
removal_and_import()
states()
tracking()
headless()
world_file()
misuse()
print('sv_scene: all checks passed at t=%.3f' % sv.getTime())
