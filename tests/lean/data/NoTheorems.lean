/- Test data for `proofport coverage`: a source with definitions only.
   theorem inAComment : True -/
namespace Empty

-- theorem inALineComment : True
def message : String := "theorem inAString : True"

end Empty
