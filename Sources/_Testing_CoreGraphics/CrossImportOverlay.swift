// The Swift toolchain on Linux declares a cross-import overlay `_Testing_CoreGraphics`, loaded
// whenever a file imports both Testing and a module named CoreGraphics, but ships no such module
// (it exists only for Apple's CoreGraphics). Without this module, every test file that imports
// Testing next to CoreGraphics or QuartzCore, in this package and in its users' packages, fails with
// "no such module '_Testing_CoreGraphics'". This module is that overlay; it adds nothing.
