namespace Broken

theorem fine : True := trivial

/- this comment is never closed
theorem hidden : True := trivial
