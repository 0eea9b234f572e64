//! Reading one CSV file into rows that know their file and line, collecting problems instead of
//! stopping at the first.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

/// One problem found in the data, at a file and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// File name relative to the data folder.
    pub file: String,
    /// 1-based line; 0 when the problem is about the whole file.
    pub line: u64,
    /// A plain sentence.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}:{}: {}", self.file, self.line, self.message)
        }
    }
}

/// Collected problems of a load.
#[derive(Debug, Default)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    /// Records a problem.
    pub fn add(&mut self, file: &str, line: u64, message: impl Into<String>) {
        self.0.push(Problem {
            file: file.to_string(),
            line,
            message: message.into(),
        });
    }
}

/// A data row: its cells by column name, plus where it came from.
pub struct Row<'a> {
    /// File name.
    pub file: &'a str,
    /// Line number.
    pub line: u64,
    headers: &'a [String],
    cells: Vec<String>,
}

impl<'a> Row<'a> {
    /// The trimmed cell of a column, empty if the column is absent.
    pub fn get(&self, col: &str) -> &str {
        self.headers
            .iter()
            .position(|h| h == col)
            .and_then(|i| self.cells.get(i))
            .map_or("", |s| s.as_str())
    }

    /// A cell that must not be empty.
    pub fn req(&self, col: &str, p: &mut Problems) -> Option<String> {
        let v = self.get(col);
        if v.is_empty() {
            p.add(
                self.file,
                self.line,
                format!("column `{col}` is empty; it is required"),
            );
            None
        } else {
            Some(v.to_string())
        }
    }

    /// A required cell parsed as `T`; the message names the column, the value and what is allowed.
    pub fn parse<T: FromStr>(&self, col: &str, p: &mut Problems) -> Option<T>
    where
        T::Err: fmt::Display,
    {
        let v = self.req(col, p)?;
        match v.parse::<T>() {
            Ok(t) => Some(t),
            Err(e) => {
                p.add(self.file, self.line, format!("column `{col}`: {e}"));
                None
            }
        }
    }

    /// An optional cell parsed as `T` (empty gives `Some(None)`, a bad value gives `None`).
    pub fn parse_opt<T: FromStr>(&self, col: &str, p: &mut Problems) -> Option<Option<T>>
    where
        T::Err: fmt::Display,
    {
        let v = self.get(col);
        if v.is_empty() {
            return Some(None);
        }
        match v.parse::<T>() {
            Ok(t) => Some(Some(t)),
            Err(e) => {
                p.add(
                    self.file,
                    self.line,
                    format!("column `{col}`: `{v}` is not valid ({e})"),
                );
                None
            }
        }
    }

    /// A `;`-separated list cell.
    pub fn list(&self, col: &str) -> Vec<String> {
        self.get(col)
            .split(';')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// An `x`,`y` pair of numbers.
    pub fn point(&self, xc: &str, yc: &str, p: &mut Problems) -> Option<(f32, f32)> {
        Some((self.parse::<f32>(xc, p)?, self.parse::<f32>(yc, p)?))
    }
}

/// A loaded CSV file: header and raw rows with line numbers.
pub struct Table {
    /// File name relative to the data folder.
    pub file: String,
    headers: Vec<String>,
    rows: Vec<(u64, Vec<String>)>,
}

impl Table {
    /// Reads `dir/file`. A missing or unreadable file, a row with the wrong number of cells or a
    /// missing required column is a problem; `None` when nothing usable was read.
    pub fn read(dir: &Path, file: &str, required: &[&str], p: &mut Problems) -> Option<Table> {
        let path = dir.join(file);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                p.add(file, 0, format!("cannot read {}: {e}", path.display()));
                return None;
            }
        };
        Self::parse(file, &text, required, p)
    }

    /// Parses CSV text (see [`Table::read`]).
    pub fn parse(file: &str, text: &str, required: &[&str], p: &mut Problems) -> Option<Table> {
        let mut rdr = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .trim(csv::Trim::All)
            .flexible(true)
            .from_reader(text.as_bytes());
        let headers: Vec<String> = match rdr.headers() {
            Ok(h) => h.iter().map(|s| s.to_string()).collect(),
            Err(e) => {
                p.add(file, 1, format!("cannot read the header row: {e}"));
                return None;
            }
        };
        let mut ok = true;
        for col in required {
            if !headers.iter().any(|h| h == col) {
                p.add(file, 1, format!("the header has no column `{col}`"));
                ok = false;
            }
        }
        let mut seen = std::collections::HashSet::new();
        for h in &headers {
            if !seen.insert(h) {
                p.add(file, 1, format!("the header names column `{h}` twice"));
                ok = false;
            }
        }
        let mut rows = Vec::new();
        for rec in rdr.records() {
            match rec {
                Ok(r) => {
                    let line = r.position().map_or(0, |pos| pos.line());
                    if r.iter().all(|c| c.is_empty()) {
                        continue;
                    }
                    if r.len() != headers.len() {
                        p.add(
                            file,
                            line,
                            format!(
                                "this row has {} cells but the header has {} columns",
                                r.len(),
                                headers.len()
                            ),
                        );
                        continue;
                    }
                    rows.push((line, r.iter().map(|s| s.to_string()).collect()));
                }
                Err(e) => {
                    let line = e.position().map_or(0, |pos| pos.line());
                    p.add(file, line, format!("malformed CSV: {e}"));
                }
            }
        }
        ok.then_some(Table {
            file: file.to_string(),
            headers,
            rows,
        })
    }

    /// The rows, each with its file and line.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.rows.iter().map(move |(line, cells)| Row {
            file: &self.file,
            line: *line,
            headers: &self.headers,
            cells: cells.clone(),
        })
    }
}
