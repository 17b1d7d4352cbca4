#include "models/scan_export.h"

#include "models/csv.h"
#include "models/save_file.h"
#include "regionlab/bytes.h"
#include "shell/command_util.h"
#include "util/json.h"

namespace regionlab::ui {

QByteArray cellsToCsv(const std::vector<regionlab::Cell>& cells) {
  QByteArray out("row,column,timestamp,value\r\n");
  for (const auto& c : cells) {
    appendCsvField(&out, regionlab::ToStringBinary(c.row));
    out.append(',');
    appendCsvField(&out, regionlab::shell::ColumnText(c));
    out.append(',');
    out.append(QByteArray::number(static_cast<qint64>(c.timestamp)));
    out.append(',');
    appendCsvField(&out, regionlab::ToStringBinary(c.value));
    out.append("\r\n");
  }
  return out;
}

QByteArray cellsToJson(const QString& table, const std::vector<regionlab::Cell>& cells) {
  using regionlab::Json;
  Json array = Json::Array();
  int64_t rows = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (i == 0 || cells[i].row != cells[i - 1].row) ++rows;
    array.Push(regionlab::shell::CellJson(cells[i]));
  }
  Json doc = Json::Object();
  doc.Set("table", table.toStdString());
  doc.Set("cells", std::move(array));
  doc.Set("rows", rows);
  std::string text = doc.Dump();
  text += '\n';
  return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

bool writeExport(const QString& path, ExportFormat format, const QString& table,
                 const std::vector<regionlab::Cell>& cells, QString* error) {
  return saveFileAtomically(path, format == ExportFormat::Csv ? cellsToCsv(cells) : cellsToJson(table, cells),
                            error);
}

}  // namespace regionlab::ui
