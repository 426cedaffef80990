@_exported import Store
