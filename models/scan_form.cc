#include "models/scan_form.h"

#include <QDateTime>
#include <QStringList>
#include <algorithm>

#include "filter/filter_parser.h"
#include "models/binary_text.h"
#include "models/format.h"
#include "shell/args.h"

namespace regionlab::ui {

namespace {

// A row field as bytes; records an error on `field` when the escapes are bad.
bool readRow(const QString& text, ScanField field, const QString& name, std::string* out,
             QList<ScanFieldError>* errors) {
  BinaryTextError e;
  if (parseEscapedBytes(text, out, &e)) return true;
  errors->append({field, e.position, QStringLiteral("%1: %2").arg(name, e.message)});
  return false;
}

bool readTime(const QString& text, ScanField field, const QString& name, qint64* out,
              QList<ScanFieldError>* errors) {
  QString message;
  if (parseTimeField(text, out, &message)) return true;
  errors->append({field, -1, QStringLiteral("%1: %2").arg(name, message)});
  return false;
}

}  // namespace

bool parseTimeField(const QString& raw, qint64* millis, QString* error) {
  const QString text = raw.trimmed();
  bool isNumber = false;
  const qint64 n = text.toLongLong(&isNumber);
  if (isNumber) {
    if (n < 0) {
      *error =
          QStringLiteral("%1 is before 1970; times are milliseconds since 1970-01-01").arg(text);
      return false;
    }
    *millis = n;
    return true;
  }
  QString iso = text;
  if (iso.size() > 10 && iso[10] == u' ') iso[10] = u'T';
  for (const char* format :
       {"yyyy-MM-ddTHH:mm:ss.zzz", "yyyy-MM-ddTHH:mm:ss", "yyyy-MM-ddTHH:mm", "yyyy-MM-dd"}) {
    QDateTime t = QDateTime::fromString(iso, QLatin1String(format));
    if (!t.isValid()) continue;
    t.setTimeSpec(Qt::LocalTime);
    if (t.toMSecsSinceEpoch() < 0) {
      *error = QStringLiteral("%1 is before 1970").arg(text);
      return false;
    }
    *millis = t.toMSecsSinceEpoch();
    return true;
  }
  *error = QStringLiteral(
               "\"%1\" is not a time: write epoch milliseconds or a local date-time as the "
               "shell prints it (2024-05-01T12:00:00.123)")
               .arg(text);
  return false;
}

bool checkFilterText(const QString& text, ScanFieldError* error) {
  return parseFilterText(text, nullptr, error);
}

bool parseFilterText(const QString& text, std::shared_ptr<const regionlab::Filter>* filter,
                     ScanFieldError* error) {
  const QByteArray utf8 = text.toUtf8();
  regionlab::FilterParseError parseError;
  auto parsed =
      regionlab::ParseFilterString(std::string_view(utf8.constData(), utf8.size()), &parseError);
  if (parsed.ok()) {
    if (filter != nullptr) *filter = std::move(parsed).value();
    return true;
  }
  const int bytes = static_cast<int>(std::min<size_t>(parseError.position, utf8.size()));
  error->field = ScanField::Filter;
  error->position = static_cast<int>(QString::fromUtf8(utf8.constData(), bytes).size());
  error->message = QStringLiteral("Filter: %1 (at position %2)")
                       .arg(QString::fromStdString(parseError.message))
                       .arg(error->position);
  return false;
}

QList<ScanFieldError> validateScanForm(const ScanForm& form, regionlab::Scan* scan) {
  QList<ScanFieldError> errors;
  regionlab::Scan out;
  if (form.table.trimmed().isEmpty())
    errors.append({ScanField::Table, -1, QStringLiteral("Choose a table to scan")});

  std::string start, stop, prefix;
  const bool startOk =
      readRow(form.startRow, ScanField::StartRow, QStringLiteral("Start row"), &start, &errors);
  const bool stopOk =
      readRow(form.stopRow, ScanField::StopRow, QStringLiteral("Stop row"), &stop, &errors);
  const bool prefixOk =
      readRow(form.prefix, ScanField::Prefix, QStringLiteral("Row prefix"), &prefix, &errors);
  if (prefixOk && !form.prefix.isEmpty() && (!form.startRow.isEmpty() || !form.stopRow.isEmpty())) {
    errors.append(
        {ScanField::Prefix, -1,
         QStringLiteral("Row prefix: a prefix sets the start and stop rows itself (as the shell's "
                        "ROWPREFIXFILTER); clear Start row and Stop row, or the prefix")});
  } else if (startOk && stopOk && !stop.empty() && start >= stop) {
    errors.append(
        {ScanField::StartRow, -1,
         QStringLiteral("Start row %1 is not before stop row %2 (the stop row is excluded)")
             .arg(formatKey(start, QStringLiteral("''")), formatKey(stop))});
  }
  if (!form.prefix.isEmpty() && prefixOk) {
    out.start_row = prefix;
    out.stop_row = regionlab::PrefixStopRow(prefix);
  } else {
    out.start_row = start;
    out.stop_row = stop;
  }

  if (!form.filter.trimmed().isEmpty()) {
    ScanFieldError e;
    if (!parseFilterText(form.filter, &out.filter, &e)) errors.append(e);
  }

  if (form.versions < 1) {
    errors.append({ScanField::Versions, -1,
                   QStringLiteral("Versions must be at least 1 (got %1)").arg(form.versions)});
  }
  out.max_versions = std::max(1, form.versions);

  qint64 from = 0, to = 0;
  const bool hasFrom = !form.fromTime.trimmed().isEmpty();
  const bool hasTo = !form.toTime.trimmed().isEmpty();
  const bool fromOk = !hasFrom || readTime(form.fromTime, ScanField::FromTime,
                                           QStringLiteral("From"), &from, &errors);
  const bool toOk =
      !hasTo || readTime(form.toTime, ScanField::ToTime, QStringLiteral("To"), &to, &errors);
  if (hasFrom && fromOk) out.min_timestamp = from;
  if (hasTo && toOk) out.max_timestamp = to;
  if (hasFrom && hasTo && fromOk && toOk && to <= from) {
    errors.append(
        {ScanField::ToTime, -1,
         QStringLiteral("The time range [%1, %2) is empty: To is excluded and must come after From")
             .arg(from)
             .arg(to)});
  }

  if (form.limit < 0) {
    errors.append({ScanField::Limit, -1,
                   QStringLiteral("Limit must be a number of rows, or 0 for no limit (got %1)")
                       .arg(form.limit)});
  }
  out.limit = form.limit > 0 ? form.limit : -1;

  if (errors.isEmpty() && scan != nullptr) *scan = std::move(out);
  return errors;
}

}  // namespace regionlab::ui
