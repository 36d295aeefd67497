internal import CSQLite

/// How a store file is known for loadrun's own before it is used: its mark, its tables and
/// their columns, against the schema it is opened with; another program's database is
/// refused as damage, to be moved aside, never written into.
extension StoreFile {
    /// loadrun's mark on its own SQLite files (`PRAGMA application_id`): "LRUN".
    static let applicationID = 0x4C52_554E

    /// The tables the schema makes but those a migration adds: a file loadrun made before it
    /// marked its files has them all, whatever layout it has.
    var schemaTables: [String] {
        let added = Set(migrations.values.flatMap(Self.tables))
        return Self.tables(in: schema).filter { !added.contains($0) }
    }

    /// The tables `sql` creates.
    static func tables(in sql: String) -> [String] {
        sql.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard words.count > 5, words[0...4].joined(separator: " ") == "CREATE TABLE IF NOT EXISTS" else { return nil }
            return String(words[5].prefix { $0 != "(" })
        }
    }

    /// Takes the file for loadrun's, or refuses another program's database (as damage, so
    /// that it is moved aside, never written into): loadrun's mark on a file with a layout,
    /// or, unmarked, no tables at all or the tables an earlier loadrun made, with their
    /// columns, which is marked now. A file marked with no layout yet is looked at as an
    /// unmarked one: an earlier loadrun marked another program's file by its table names alone.
    func claim(_ database: SQLiteDatabase) throws(SQLiteError) {
        let mark = try database.integer("PRAGMA application_id")
        if mark == Self.applicationID, try database.integer("PRAGMA user_version") != 0 { return }
        let tables = try Self.tables(of: database)
        let namesMatch = tables.isSuperset(of: schemaTables)
        var isLoadruns = tables.isEmpty
        if !isLoadruns, namesMatch { isLoadruns = try holdsSchemaColumns(database) }
        guard mark == 0 || mark == Self.applicationID, isLoadruns else {
            let mark = mark == 0 || mark == Self.applicationID ? "" : " (application_id \(mark))"
            throw SQLiteError(code: SQLITE_NOTADB, message: "it is another program's database" + mark + (namesMatch ? ", with tables of the same names" : ""),
                              isForeign: true)
        }
        if mark == 0 { _ = try database.executeUnlessBusy("PRAGMA application_id = \(Self.applicationID)") }
    }

    /// The names of `database`'s tables.
    static func tables(of database: SQLiteDatabase) throws(SQLiteError) -> Set<String> {
        var tables = Set<String>()
        let select = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        while try select.step() { if let name = select.text(0) { tables.insert(name) } }
        select.reset()
        return tables
    }

    /// Whether each of the schema's tables in `database` has every column the schema gives
    /// it: the schema made in memory says which. (No migration adds a column yet; one that
    /// did would leave its columns out of this, as `schemaTables` leaves out its tables.)
    func holdsSchemaColumns(_ database: SQLiteDatabase) throws(SQLiteError) -> Bool {
        let model = try SQLiteDatabase(path: ":memory:")
        try model.execute(schema)
        func columns(of table: String, in database: SQLiteDatabase) throws(SQLiteError) -> Set<String> {
            var names = Set<String>()
            let info = try database.prepare("SELECT name FROM pragma_table_info(?1)")
            try info.bind(.text(table))
            while try info.step() { if let name = info.text(0) { names.insert(name) } }
            info.reset()
            return names
        }
        for table in schemaTables {
            let expected = try columns(of: table, in: model)
            guard try columns(of: table, in: database).isSuperset(of: expected) else { return false }
        }
        return true
    }
}
