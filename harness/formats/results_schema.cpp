#include "harness/formats/results_schema.hpp"

#include <stdexcept>

#include "harness/formats/stat_fields.hpp"

namespace tictac {

namespace {

// The fixed columns, in file order, and how many come before the statistics.
struct FixedColumn {
  const char* name;
  const char* description;
  const char* source;
};

#define TICTAC_FIXED_COLUMN(name, description, source) {#name, description, result_source::source},
constexpr FixedColumn kFixed[] = {TICTAC_RESULT_COLUMNS(TICTAC_FIXED_COLUMN, )};
#undef TICTAC_FIXED_COLUMN

constexpr std::size_t kFixedCount = std::size(kFixed);
constexpr std::size_t kBeforeStatistics = static_cast<std::size_t>(ResultColumn::matches_exact) + 1;

const char* aggregate_text(Aggregate a) {
  return a == Aggregate::sum   ? "summed over the positions on set_total rows"
         : a == Aggregate::max ? "the maximum over the positions on set_total rows"
                               : "a rate, recomputed from the summed counts on set_total rows";
}

}  // namespace

std::vector<OptionColumn> option_columns_from_names(const std::vector<std::string>& names) {
  std::vector<OptionColumn> cols;
  for (const std::string& n : names) {
    const auto dot = n.find('.');
    if (dot == std::string::npos) throw std::invalid_argument("option column '" + n + "' is not strategy.key");
    cols.push_back({n.substr(0, dot), n.substr(dot + 1)});
  }
  return cols;
}

std::vector<ColumnInfo> result_columns(const std::vector<OptionColumn>& options) {
  std::vector<ColumnInfo> cols;
  for (std::size_t i = 0; i < kBeforeStatistics; ++i) cols.push_back({kFixed[i].name, kFixed[i].description, kFixed[i].source});
  for (const StatColumn& f : stat_columns())
    cols.push_back({f.name, std::string(f.description) + "; " + aggregate_text(f.aggregate), result_source::counting});
  for (std::size_t i = kBeforeStatistics; i < kFixedCount; ++i)
    cols.push_back({kFixed[i].name, kFixed[i].description, kFixed[i].source});
  for (const OptionColumn& o : options)
    cols.push_back({o.name(), "the value of " + o.strategy + "'s option " + o.key +
                                  " in normal form (tictac strategies); empty on rows of other strategies",
                    result_source::config});
  return cols;
}

ResultSchema::ResultSchema(std::vector<OptionColumn> options)
    : options_(std::move(options)), fixed_(kFixedCount), statistics_(stat_columns().size()),
      first_statistic_(kBeforeStatistics) {}

std::vector<std::string> ResultSchema::names() const {
  std::vector<std::string> names;
  for (const ColumnInfo& c : result_columns(options_)) names.push_back(c.name);
  return names;
}

std::size_t ResultSchema::index(ResultColumn c) const {
  const auto i = static_cast<std::size_t>(c);
  return i < kBeforeStatistics ? i : i + statistics_;
}

std::optional<std::size_t> ResultSchema::option_index(const std::string& strategy, const std::string& key) const {
  for (std::size_t i = 0; i < options_.size(); ++i)
    if (options_[i].strategy == strategy && options_[i].key == key) return fixed_ + statistics_ + i;
  return std::nullopt;
}

std::vector<std::string> ResultSchema::names_before_bounds() const {
  std::vector<std::string> names = this->names();
  const auto lower = static_cast<std::ptrdiff_t>(index(ResultColumn::lower));
  static_assert(static_cast<int>(ResultColumn::upper) == static_cast<int>(ResultColumn::lower) + 1);
  names.erase(names.begin() + lower, names.begin() + lower + 2);
  return names;
}

std::vector<std::string> ResultSchema::with_bounds(std::vector<std::string> f) const {
  if (f.size() + 2 != size())
    throw std::invalid_argument("a row of " + std::to_string(f.size()) + " fields, not the " + std::to_string(size() - 2) +
                                " of a file from before the lower and upper columns");
  // The columns before lower have the same places in both layouts.
  const std::string& value = f[index(ResultColumn::value)];
  const bool total = f[index(ResultColumn::row_kind)] == "set_total";
  const std::string lower = total ? "" : value.empty() ? "-1" : value, upper = total ? "" : value.empty() ? "1" : value;
  const auto at = f.begin() + static_cast<std::ptrdiff_t>(index(ResultColumn::lower));
  f.insert(at, {lower, upper});
  return f;
}

ResultRow& ResultRow::put(std::size_t i, std::string text) {
  fields_[i] = std::move(text);
  return *this;
}

ResultRow& ResultRow::statistics(const SearchStats& stats) {
  const std::vector<StatField> fields = stat_fields(stats);
  for (std::size_t i = 0; i < fields.size(); ++i)
    put(schema_->statistic_index(i), fields[i].is_rate ? csv_text(fields[i].rate) : csv_text(fields[i].count));
  return *this;
}

ResultRow& ResultRow::options(const std::string& strategy,
                              const std::vector<std::pair<std::string, std::string>>& options) {
  for (const auto& [key, value] : options)
    if (const auto i = schema_->option_index(strategy, key)) put(*i, value);
  return *this;
}

void ResultRow::write(CsvWriter& csv) const {
  const std::size_t options_from = schema_->size() - schema_->options().size();
  for (std::size_t i = 0; i < options_from; ++i)
    if (!fields_[i]) throw std::logic_error("results.csv row: column '" + schema_->names()[i] + "' was not filled");
  for (const auto& f : fields_) csv.field(f ? std::string_view(*f) : std::string_view());
  csv.end_row();
}

}  // namespace tictac
