@_exported import Effects
