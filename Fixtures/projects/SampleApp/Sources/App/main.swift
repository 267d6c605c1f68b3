import Feed
import Foundation
import Networking
import Repository
import Settings
import Storage

let cache = Cache()
let client = APIClient(baseURL: URL(string: "https://example.invalid")!)
let feed = await FeedViewModel(repository: FeedRepository(client: client, cache: cache))
let settings = SettingsViewModel(cache: cache)
print(feed, settings)
